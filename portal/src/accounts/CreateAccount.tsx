import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert, Box, FormControlLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslate } from 'react-admin';
import { z } from 'zod';
import { inviteRequest, registerRequestSchema, ROLES, type RegisterRequest } from '@bh/shared';
import { FormTextField, messageAt, SubmitButton } from '../components/FormFields.tsx';
import { schemaResolver, type Draft } from '../components/schemaResolver.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { failureText, showServerFieldErrors } from '../components/errors.ts';
import { PendingInvitations } from './PendingInvitations.tsx';

type AccountDraft = Draft<Required<RegisterRequest>>;

const EMPTY: AccountDraft = { name: '', email: '', password: '', role: 'user' };
const FIELDS = ['name', 'email', 'password', 'role'] as const;

/** How the new person gets in: an emailed invitation (the default) or a password set here (spec §2.5). */
type Access = 'invite' | 'password';
type AccountOutput = z.output<typeof registerRequestSchema> | z.output<typeof inviteRequest>;
/** An invitation has no password: the draft's empty password field is left out before checking. */
const invitationForm = z.preprocess((draft) => {
  if (typeof draft !== 'object' || draft === null) return draft;
  const { password: _unused, ...rest } = draft as Record<string, unknown>;
  return rest;
}, inviteRequest);
const resolvers: Record<Access, Resolver<AccountDraft, unknown, AccountOutput>> = {
  invite: schemaResolver<AccountDraft, AccountOutput>(invitationForm),
  password: schemaResolver<AccountDraft, AccountOutput>(registerRequestSchema),
};

/**
 * Create Accounts (spec §2.5, DESIGN §3): only verified admins create accounts, with the role
 * picker. The outcome shows in green or red under the form and goes away as soon as the admin
 * starts on the next account.
 */
export default function CreateAccount() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [access, setAccess] = useState<Access>('invite');
  const accessRef = useRef<Access>('invite');
  accessRef.current = access;
  const [invitationsVersion, setInvitationsVersion] = useState(0);
  const form = useForm<AccountDraft, unknown, AccountOutput>({
    defaultValues: EMPTY,
    // Read at each validation, so switching the access choice switches the rules.
    resolver: (values, context, options) => resolvers[accessRef.current](values, context, options),
  });
  const { register, reset } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const res =
        'password' in values
          ? await dataProvider.createAccount(values)
          : await dataProvider.inviteAccount({ name: values.name, email: values.email, role: values.role });
      if (access === 'invite') setInvitationsVersion((v) => v + 1);
      reset(EMPTY);
      setOutcome({
        severity: 'success',
        text: translate('bh.admin.account.createdFor', {
          message: res.message || translate('bh.admin.account.created'),
          name: res.user.name,
          email: res.user.email,
          role: translate(`bh.admin.roles.${res.user.role}`),
        }),
      });
    } catch (error) {
      showServerFieldErrors(error, form.setError, FIELDS);
      setOutcome({ severity: 'error', text: failureText(error, { fallback: translate('bh.admin.account.failed') }) });
    }
  });

  const errorOf = (field: (typeof FIELDS)[number]) => messageAt(errors, field);

  return (
    <AdminPage titleKey="bh.admin.account.title" maxWidth={640}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('bh.admin.account.subtitle')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} onFocusCapture={() => setOutcome(null)}>
          <Stack spacing={1}>
            {(['name', 'email'] as const).map((field) => (
              <FormTextField
                key={field}
                registration={register(field)}
                id={`account-${field}`}
                type={field === 'email' ? 'email' : 'text'}
                label={translate(`bh.admin.account.${field}`)}
                autoComplete="off"
                required
                size="small"
                error={errorOf(field)}
              />
            ))}
            <RadioGroup
              aria-label={translate('bh.admin.invitations.access')}
              value={access}
              onChange={(event) => setAccess(event.target.value as Access)}
            >
              <FormControlLabel value="invite" control={<Radio size="small" />} label={translate('bh.admin.invitations.sendInvitation')} />
              <FormControlLabel value="password" control={<Radio size="small" />} label={translate('bh.admin.invitations.setPassword')} />
            </RadioGroup>
            {access === 'password' ? (
              <FormTextField
                registration={register('password')}
                id="account-password"
                type="password"
                label={translate('bh.admin.account.password')}
                autoComplete="new-password"
                required
                size="small"
                error={errorOf('password')}
                hint={translate('bh.admin.account.passwordHint')}
              />
            ) : null}
            <FormTextField
              registration={register('role')}
              id="account-role"
              select
              label={translate('bh.admin.account.role')}
              size="small"
              error={errorOf('role')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {translate(`bh.admin.roles.${role}`)}
                </option>
              ))}
            </FormTextField>
            <SubmitButton busy={isSubmitting} icon={<PersonAddIcon />} sx={{ alignSelf: 'flex-start' }}>
              {translate(isSubmitting ? 'bh.admin.account.submitting' : access === 'invite' ? 'bh.admin.invitations.submit' : 'bh.admin.account.submit')}
            </SubmitButton>
            {outcome ? (
              <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                {outcome.text}
              </Alert>
            ) : null}
          </Stack>
        </Box>
      </Paper>
      <PendingInvitations version={invitationsVersion} />
    </AdminPage>
  );
}
