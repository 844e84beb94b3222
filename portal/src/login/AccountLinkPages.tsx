import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAuthProvider, useNavigate, useNotify, useTranslate } from 'react-admin';
import {
  acceptInvitationRequest,
  forgotPasswordRequest,
  resetPasswordRequest,
} from '@bh/shared';
import { DASHBOARD_PATH, LOGIN_PATH, type PortalAuthProvider } from '../providers/authProvider.ts';
import { client, serverMessageOr } from '../providers/http.ts';
import { api } from '@bh/shared/contract';

/** The one-time token rides in the link's fragment (#token=…), which never reaches a server log. */
function useLinkToken(): string {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2, textAlign: 'center' }}>
            {subtitle}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

function BackToLogin() {
  const translate = useTranslate();
  return (
    <Typography sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={LOGIN_PATH}>
        {translate('bh.accountLinks.backToLogin')}
      </Link>
    </Typography>
  );
}

/** 'Forgot password?': the same answer whatever the email, so nobody learns who has an account. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordRequest.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setBusy(true);
    try {
      const res = await client.call(api.accountLinks.forgotPassword, { body: parsed.data });
      setSent(res.message);
    } catch (failure) {
      setError(serverMessageOr(failure, translate('bh.accountLinks.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={translate('bh.accountLinks.forgotTitle')} subtitle={translate('bh.accountLinks.forgotSubtitle')}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <TextField
            name="email"
            type="email"
            label={translate('bh.auth.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="username"
            autoFocus
            required
            fullWidth
            margin="normal"
            error={!!error}
            helperText={error ?? ' '}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
            {translate('bh.accountLinks.sendLink')}
          </Button>
        </Box>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

/** A new password twice, checked with the product's password rules before anything is sent. */
function NewPasswordForm({ submitLabel, onPassword }: { submitLabel: string; onPassword: (password: string) => Promise<void> }) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The token is checked by the server; only the password's rules are checked here.
    const parsed = resetPasswordRequest.shape.password.safeParse(password);
    const found: { password?: string; confirm?: string } = {};
    if (!parsed.success) found.password = parsed.error.issues[0]!.message;
    else if (confirm !== password) found.confirm = translate('bh.accountLinks.mismatch');
    setErrors(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      await onPassword(password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        name="password"
        type="password"
        label={translate('bh.accountLinks.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        autoFocus
        required
        fullWidth
        margin="normal"
        error={!!errors.password}
        helperText={errors.password ?? translate('bh.accountLinks.passwordHint')}
      />
      <TextField
        name="confirm"
        type="password"
        label={translate('bh.accountLinks.confirmPassword')}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        error={!!errors.confirm}
        helperText={errors.confirm ?? ' '}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/**
 * A page reached from an emailed link: a new password for the link's token. `submit` does the
 * call and what follows; a failure shows the server's message (or the generic one) above the form.
 */
function LinkPasswordPage(props: { titleKey: string; subtitleKey: string; submitKey: string; submit: (token: string, password: string) => Promise<void> }) {
  const translate = useTranslate();
  const token = useLinkToken();
  const [error, setError] = useState<string | null>(null);

  const onPassword = async (password: string) => {
    setError(null);
    try {
      await props.submit(token, password);
    } catch (failure) {
      setError(failure instanceof LinkFormError ? failure.message : serverMessageOr(failure, translate('bh.accountLinks.failed')));
    }
  };

  return (
    <AuthCard title={translate(props.titleKey)} subtitle={translate(props.subtitleKey)}>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <NewPasswordForm submitLabel={translate(props.submitKey)} onPassword={onPassword} />
      <BackToLogin />
    </AuthCard>
  );
}

/** A refusal found before any call (the shared schema's message), shown as it is. */
class LinkFormError extends Error {}

/** /login/reset#token=…: choose a new password; every session ends, so the person signs in again. */
export function ResetPasswordPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const submit = async (token: string, password: string) => {
    const res = await client.call(api.accountLinks.resetPassword, { body: { token, password } });
    notify(res.message, { type: 'success' });
    navigate(LOGIN_PATH, { replace: true });
  };
  return <LinkPasswordPage titleKey="bh.accountLinks.resetTitle" subtitleKey="bh.accountLinks.resetSubtitle" submitKey="bh.accountLinks.savePassword" submit={submit} />;
}

/** /login/welcome#token=…: an invited person chooses a password and lands on the dashboard, signed in. */
export function AcceptInvitationPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const submit = async (token: string, password: string) => {
    const body = acceptInvitationRequest.safeParse({ token, password });
    if (!body.success) throw new LinkFormError(body.error.issues[0]!.message);
    const res = await client.call(api.accountLinks.acceptInvitation, { body: body.data });
    await authProvider?.refreshUser();
    queryClient.removeQueries({ queryKey: ['auth'] });
    notify(res.message, { type: 'success' });
    navigate(DASHBOARD_PATH, { replace: true });
  };
  return <LinkPasswordPage titleKey="bh.accountLinks.welcomeTitle" subtitleKey="bh.accountLinks.welcomeSubtitle" submitKey="bh.accountLinks.setPassword" submit={submit} />;
}
