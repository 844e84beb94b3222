import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAuthProvider, useNavigate, useNotify, useTranslate } from 'react-admin';
import { acceptInvitationRequest, forgotPasswordRequest, resetPasswordRequest } from '@bh/shared';
import { DASHBOARD_PATH, LOGIN_PATH, type PortalAuthProvider } from '../providers/authProvider.ts';
import { client, serverMessageOr } from '../providers/http.ts';
import { FormTextField, SubmitButton } from '../components/FormFields.tsx';
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

/** The fields of these cards: full width, each with its own line below it for its problem. */
const CARD_FIELD = { required: true, fullWidth: true, margin: 'normal' } as const;

type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** 'Forgot password?': the same answer whatever the email, so nobody learns who has an account. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
    // The problem stands under the field, which describes it, and the focus goes there.
    shouldFocusError: true,
  });

  const onSubmit = async (body: ForgotPasswordRequest) => {
    try {
      const res = await client.call(api.accountLinks.forgotPassword, { body });
      setSent(res.message);
    } catch (failure) {
      setError('email', { type: 'server', message: serverMessageOr(failure, translate('bh.accountLinks.failed')) }, { shouldFocus: true });
    }
  };

  return (
    <AuthCard title={translate('bh.accountLinks.forgotTitle')} subtitle={translate('bh.accountLinks.forgotSubtitle')}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
          <FormTextField {...CARD_FIELD} registration={register('email')} error={errors.email?.message} type="email" label={translate('bh.auth.email')} autoComplete="username" autoFocus />
          <SubmitButton busy={isSubmitting} size="large" fullWidth>{translate('bh.accountLinks.sendLink')}</SubmitButton>
        </Box>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

/** What both emailed-link pages send: the link's token and the new password. */
type LinkRequest = z.output<typeof resetPasswordRequest>;
type LinkDraft = z.input<typeof resetPasswordRequest> & { confirm: string };

/**
 * The link's request schema (token and password, with the product's password rules) and the
 * password typed again; the repeat is compared only once the password itself passes.
 */
function linkPasswordForm(request: typeof resetPasswordRequest | typeof acceptInvitationRequest) {
  return request.extend({ confirm: z.string() }).refine((draft) => draft.confirm === draft.password, {
    message: 'bh.accountLinks.mismatch',
    path: ['confirm'],
  });
}

/** The two pages reached from an emailed link: their texts and the request their link makes. */
const LINK_PAGES = {
  reset: {
    titleKey: 'bh.accountLinks.resetTitle',
    subtitleKey: 'bh.accountLinks.resetSubtitle',
    submitKey: 'bh.accountLinks.savePassword',
    request: resetPasswordRequest,
  },
  welcome: {
    titleKey: 'bh.accountLinks.welcomeTitle',
    subtitleKey: 'bh.accountLinks.welcomeSubtitle',
    submitKey: 'bh.accountLinks.setPassword',
    request: acceptInvitationRequest,
  },
} as const;

/**
 * A page reached from an emailed link: a new password for the link's token, checked with the
 * link's request schema before anything is sent. `submit` does the call and what follows; a
 * missing token or a refused call shows its message above the form.
 */
function LinkPasswordPage({ page, submit }: { page: (typeof LINK_PAGES)[keyof typeof LINK_PAGES]; submit: (body: LinkRequest) => Promise<void> }) {
  const translate = useTranslate();
  const token = useLinkToken();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkDraft, unknown, LinkRequest & { confirm: string }>({
    resolver: zodResolver(linkPasswordForm(page.request)),
    defaultValues: { token, password: '', confirm: '' },
    // The focus goes to the first field in error; its problem stands under it and describes it.
    shouldFocusError: true,
  });

  const onSubmit = async ({ token: linkToken, password }: LinkRequest) => {
    try {
      await submit({ token: linkToken, password });
    } catch (failure) {
      setError('root.server', { message: serverMessageOr(failure, translate('bh.accountLinks.failed')) });
    }
  };

  const alert = errors.token?.message ?? errors.root?.server?.message;
  return (
    <AuthCard title={translate(page.titleKey)} subtitle={translate(page.subtitleKey)}>
      {alert ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {alert}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <FormTextField
          {...CARD_FIELD}
          registration={register('password')}
          error={errors.password?.message}
          hint={translate('bh.accountLinks.passwordHint')}
          type="password"
          label={translate('bh.accountLinks.newPassword')}
          autoComplete="new-password"
          autoFocus
        />
        <FormTextField {...CARD_FIELD} registration={register('confirm')} error={errors.confirm?.message} type="password" label={translate('bh.accountLinks.confirmPassword')} autoComplete="new-password" />
        <SubmitButton busy={isSubmitting} size="large" fullWidth>{translate(page.submitKey)}</SubmitButton>
      </Box>
      <BackToLogin />
    </AuthCard>
  );
}

/** /login/reset#token=…: choose a new password; every session ends, so the person signs in again. */
export function ResetPasswordPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const submit = async (body: LinkRequest) => {
    const res = await client.call(api.accountLinks.resetPassword, { body });
    notify(res.message, { type: 'success' });
    navigate(LOGIN_PATH, { replace: true });
  };
  return <LinkPasswordPage page={LINK_PAGES.reset} submit={submit} />;
}

/** /login/welcome#token=…: an invited person chooses a password and lands on the dashboard, signed in. */
export function AcceptInvitationPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const submit = async (body: LinkRequest) => {
    const res = await client.call(api.accountLinks.acceptInvitation, { body });
    await authProvider?.refreshUser();
    queryClient.removeQueries({ queryKey: ['auth'] });
    notify(res.message, { type: 'success' });
    navigate(DASHBOARD_PATH, { replace: true });
  };
  return <LinkPasswordPage page={LINK_PAGES.welcome} submit={submit} />;
}
