import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslate } from 'react-admin';
import type { z } from 'zod';
import { registerRequestSchema, ROLES, type RegisterRequest } from '@bh/shared';
import { muiField } from '../../components/muiField.ts';
import { schemaResolver, type Draft } from '../../components/schemaResolver.ts';
import { usePortalDataProvider } from '../../providers/hooks.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { failureText, showServerFieldErrors } from '../components/errors.ts';

type AccountDraft = Draft<Required<RegisterRequest>>;

const EMPTY: AccountDraft = { name: '', email: '', password: '', role: 'user' };
const FIELDS = ['name', 'email', 'password', 'role'] as const;

/**
 * Create Accounts (spec §2.5, DESIGN §3): only verified admins create accounts, with the role
 * picker. The outcome shows in green or red under the form and goes away as soon as the admin
 * starts on the next account.
 */
export default function CreateAccount() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountDraft, unknown, z.output<typeof registerRequestSchema>>({
    defaultValues: EMPTY,
    resolver: schemaResolver(registerRequestSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const res = await dataProvider.createAccount(values);
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
      showServerFieldErrors(error, setError, FIELDS);
      setOutcome({ severity: 'error', text: failureText(error, { fallback: translate('bh.admin.account.failed') }) });
    }
  });

  const errorOf = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? translate(message, { _: message }) : undefined;
  };

  return (
    <AdminPage titleKey="bh.admin.account.title" maxWidth={640}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('bh.admin.account.subtitle')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} onFocusCapture={() => setOutcome(null)}>
          <Stack spacing={1}>
            <TextField
              {...muiField(register('name'))}
              id="account-name"
              label={translate('bh.admin.account.name')}
              autoComplete="off"
              required
              size="small"
              error={!!errorOf('name')}
              helperText={errorOf('name') ?? ' '}
            />
            <TextField
              {...muiField(register('email'))}
              id="account-email"
              type="email"
              label={translate('bh.admin.account.email')}
              autoComplete="off"
              required
              size="small"
              error={!!errorOf('email')}
              helperText={errorOf('email') ?? ' '}
            />
            <TextField
              {...muiField(register('password'))}
              id="account-password"
              type="password"
              label={translate('bh.admin.account.password')}
              autoComplete="new-password"
              required
              size="small"
              error={!!errorOf('password')}
              helperText={errorOf('password') ?? translate('bh.admin.account.passwordHint')}
            />
            <TextField
              {...muiField(register('role'))}
              id="account-role"
              select
              label={translate('bh.admin.account.role')}
              size="small"
              error={!!errorOf('role')}
              helperText={errorOf('role') ?? ' '}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {translate(`bh.admin.roles.${role}`)}
                </option>
              ))}
            </TextField>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : <PersonAddIcon />}
              sx={{ alignSelf: 'flex-start' }}
            >
              {translate(isSubmitting ? 'bh.admin.account.submitting' : 'bh.admin.account.submit')}
            </Button>
            {outcome ? (
              <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                {outcome.text}
              </Alert>
            ) : null}
          </Stack>
        </Box>
      </Paper>
    </AdminPage>
  );
}
