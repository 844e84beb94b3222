import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { useNotify, useTranslate } from 'react-admin';
import {
  COUPON_CODE_MAX,
  couponCreateRequest,
  PLAN_TYPES,
  SERVICE_KEYS,
  SERVICES,
  type CouponCreateRequest,
  type PlanType,
  type ServiceKey,
} from '@bh/shared';
import { schemaResolver, type Draft } from '../components/schemaResolver.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { failureText, showServerFieldErrors } from '../components/errors.ts';
import { FormTextField, messageAt, SubmitAndClear } from '../components/FormFields.tsx';
import { FormWithGuidelines } from '../components/GuidelinesPanel.tsx';
import { COUPONS_QUERY_KEY } from './couponQueries.ts';

type CouponDraft = Draft<Required<CouponCreateRequest>>;
type CouponValues = z.output<typeof couponCreateRequest>;
type LinkField = `paymentLinks.${ServiceKey}.${PlanType}`;

const EMPTY: CouponDraft = {
  couponCode: '',
  forNewUsers: false,
  isActive: true,
  paymentLinks: {
    mentalHealthCounselling: { single: '', bundle: '' },
    cosmetologistConsultancy: { single: '', bundle: '' },
  },
};

const LINK_FIELDS: readonly { name: LinkField; service: ServiceKey; plan: PlanType }[] = SERVICE_KEYS.flatMap((service) =>
  PLAN_TYPES.map((plan) => ({ name: `paymentLinks.${service}.${plan}` as const, service, plan })),
);

const GUIDELINES = ['code', 'audience', 'links', 'active'].map((k) => `bh.admin.coupons.guidelines.${k}`);

/** The plan's name as the catalogue spells it ('Single Session', '3-Session Pack', …). */
function planName(service: ServiceKey, plan: PlanType): string {
  return SERVICES[service].plans.find((p) => p.type === plan)?.name ?? plan;
}

/**
 * Create New Coupon (spec §2.14, §5 "Coupon creation", §8): the code in capitals, its audience,
 * whether it is active, and its own payment link for each of the four plans.
 */
export default function CreateCoupon() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<CouponDraft, unknown, CouponValues>({
    defaultValues: EMPTY,
    resolver: schemaResolver(couponCreateRequest),
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await dataProvider.createCoupon(values);
        notify('bh.admin.coupons.created', { type: 'success' });
        reset(EMPTY);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: ['admin/coupons'] }),
        ]);
      } catch (error) {
        showServerFieldErrors(error, setError, ['couponCode', ...LINK_FIELDS.map((f) => f.name)]);
        notify(
          failureText(error, {
            fallback: translate('bh.admin.coupons.createFailed'),
            network: translate('bh.admin.common.networkError'),
            generic: translate('bh.admin.coupons.createError'),
          }),
          { type: 'error' },
        );
      }
    },
    () => notify('bh.admin.coupons.fixErrors', { type: 'error' }),
  );

  return (
    <AdminPage titleKey="bh.admin.coupons.createTitle">
      <FormWithGuidelines onSubmit={onSubmit} guidelineKeys={GUIDELINES}>
          <Stack spacing={1}>
            <FormTextField
              registration={register('couponCode', {
                  onChange: (event: { target: { value: string } }) => {
                    setValue('couponCode', event.target.value.toUpperCase());
                    clearErrors('couponCode');
                  },
                })}
              id="coupon-code"
              label={translate('bh.admin.coupons.code')}
              required
              size="small"
              autoComplete="off"
              error={messageAt(errors, 'couponCode')}
              hint={translate('bh.admin.coupons.codeHint')}
              slotProps={{ htmlInput: { maxLength: COUPON_CODE_MAX, style: { textTransform: 'uppercase' } } }}
            />
            <Controller
              name="forNewUsers"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="coupon-audience">{translate('bh.admin.coupons.audience')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="coupon-audience"
                    name={field.name}
                    value={field.value ? 'new' : 'existing'}
                    onChange={(event) => field.onChange(event.target.value === 'new')}
                  >
                    <FormControlLabel value="new" control={<Radio />} label={translate('bh.admin.coupons.newUsersOnly')} />
                    <FormControlLabel value="existing" control={<Radio />} label={translate('bh.admin.coupons.existingUsersOnly')} />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              name="isActive"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} name={field.name} />}
                  label={translate('bh.admin.coupons.active')}
                />
              )}
            />
            <Typography variant="subtitle1" component="h2" sx={{ pt: 1, fontWeight: 600 }}>
              {translate('bh.admin.coupons.links')}
            </Typography>
            {LINK_FIELDS.map(({ name, service, plan }) => (
              // The label stands above its field, where it wraps: inside the outline a label this
              // long is cut to one line ('Mental Health Counselling: Single …') on a phone.
              <Stack key={name} spacing={0.75}>
                <FormLabel htmlFor={`coupon-${service}-${plan}`} required error={messageAt(errors, name) !== undefined} sx={{ overflowWrap: 'anywhere' }}>
                  {translate('bh.admin.coupons.linkLabel', { service: SERVICES[service].displayName, plan: planName(service, plan) })}
                </FormLabel>
                <FormTextField
                  registration={register(name, { onChange: () => clearErrors(name) })}
                  id={`coupon-${service}-${plan}`}
                  type="url"
                  placeholder="https://"
                  required
                  size="small"
                  error={messageAt(errors, name)}
                />
              </Stack>
            ))}
            <SubmitAndClear
              busy={isSubmitting}
              icon={<LocalOfferIcon />}
              submitKey="bh.admin.coupons.submit"
              submittingKey="bh.admin.coupons.submitting"
              onClear={() => reset(EMPTY)}
            />
          </Stack>
      </FormWithGuidelines>
    </AdminPage>
  );
}
