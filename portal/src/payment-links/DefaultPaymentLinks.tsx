import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify, useTranslate } from 'react-admin';
import {
  defaultLinkUpdateRequest,
  formatRupees,
  SERVICE_KEYS,
  SERVICES,
  type DefaultLinkEntry,
  type DefaultLinkUpdateRequest,
  type Plan,
  type ServiceKey,
} from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { failureText } from '../components/errors.ts';
import { QueryState, useErrorToast } from '../components/QueryState.tsx';
import { formatAdminTime } from '../components/format.ts';
import { muiField } from '../components/muiField.ts';
import { LabelAbove } from '../components/LabelAbove.tsx';

const LINKS_QUERY_KEY = ['admin', 'defaultLinks'] as const;

/**
 * The default payment link of each of the four plans: what the payment page opens when no coupon
 * is applied. Each link is saved on its own, so one typo never holds the others back.
 */
export default function DefaultPaymentLinks() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const query = useQuery({
    queryKey: LINKS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getDefaultLinks(signal),
  });
  useErrorToast(query.isError, 'bh.admin.paymentLinks.loadFailed');

  return (
    <AdminPage titleKey="bh.admin.paymentLinks.title" maxWidth={960}>
      <Typography color="text.secondary">{translate('bh.admin.paymentLinks.intro')}</Typography>
      <QueryState query={query} errorKey="bh.admin.paymentLinks.loadFailed">
        {({ data: entries }) =>
          SERVICE_KEYS.map((service) => (
            <Paper
              key={service}
              variant="outlined"
              component="section"
              aria-labelledby={`links-${service}`}
              sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
            >
              <Typography id={`links-${service}`} variant="h6" component="h2" sx={{ mb: 2 }}>
                {SERVICES[service].displayName}
              </Typography>
              <Stack spacing={2}>
                {SERVICES[service].plans.map((plan) => {
                  const entry = entries.find((e) => e.service === service && e.planType === plan.type);
                  // A saved link comes back with a new date, which starts the row afresh from it.
                  return <LinkRow key={`${plan.type}-${entry?.updatedAt ?? 'unset'}`} service={service} plan={plan} entry={entry} />;
                })}
              </Stack>
            </Paper>
          ))
        }
      </QueryState>
    </AdminPage>
  );
}

function LinkRow({ service, plan, entry }: { service: ServiceKey; plan: Plan; entry: DefaultLinkEntry | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const saved = entry?.paymentLink ?? '';
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<DefaultLinkUpdateRequest, unknown, DefaultLinkUpdateRequest>({
    resolver: zodResolver(defaultLinkUpdateRequest),
    defaultValues: { paymentLink: saved },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const value = watch('paymentLink');
  const error = errors.paymentLink?.message;
  const id = `link-${service}-${plan.type}`;

  const save = useMutation({
    mutationFn: (paymentLink: string) => dataProvider.updateDefaultLink(service, plan.type, { paymentLink }),
    onSuccess: async () => {
      notify('bh.admin.paymentLinks.updated', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: LINKS_QUERY_KEY });
    },
    onError: (failure) => {
      const message = failureText(failure, { fallback: translate('bh.admin.paymentLinks.updateFailed') });
      setError('paymentLink', { type: 'server', message });
      notify(message, { type: 'error' });
    },
  });

  const submit = handleSubmit(({ paymentLink }) => save.mutate(paymentLink));

  const label = `${plan.name} (${formatRupees(plan.price)})`;
  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <LabelAbove htmlFor={id} label={label} error={!!error}>
        <TextField
          {...muiField(register('paymentLink', { onChange: () => clearErrors('paymentLink') }))}
          id={id}
          type="url"
          placeholder="https://"
          size="small"
          fullWidth
          error={!!error}
          helperText={
            error
              ? translate(error, { _: error })
              : entry
                ? translate('bh.admin.paymentLinks.lastUpdated', { date: formatAdminTime(entry.updatedAt) })
                : translate('bh.admin.paymentLinks.notSet')
          }
        />
      </LabelAbove>
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || value.trim() === saved}
        startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
        aria-label={`${translate('bh.admin.paymentLinks.save')}: ${SERVICES[service].displayName}, ${plan.name}`}
        // Level with the field, under its label (row layout from sm).
        sx={{ flexShrink: 0, height: 40, mt: { sm: '30px' } }}
      >
        {translate(save.isPending ? 'bh.admin.paymentLinks.saving' : 'bh.admin.paymentLinks.save')}
      </Button>
    </Stack>
  );
}
