import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Link,
  Typography,
} from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAuthProvider, useCheckAuth, useNavigate, useNotify, useTranslate } from 'react-admin';
import { loginRequestSchema, type LoginRequest } from '@bh/shared';
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH, type PortalAuthProvider } from '../providers/authProvider.ts';
import { serverMessageOr } from '../providers/http.ts';
import { forgetRememberedLogin, readRememberedEmail, rememberEmail } from './rememberedLogin.ts';
import { preloadSignedInScreens } from '../signedInScreens.ts';
import { FormTextField, SubmitButton } from '../components/FormFields.tsx';
import { CARD_FIELD } from './cardField.ts';

/**
 * Sign-in (spec §2.3). Guest-only: a signed-in visitor goes straight to the dashboard. The email
 * field's Enter moves to an empty password instead of submitting a form that cannot succeed.
 * The shared login schema checks the fields before anything is sent.
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const checkAuth = useCheckAuth();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(true);
  const [remembered] = useState(() => readRememberedEmail());
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: remembered ?? '', password: '', remember: remembered !== null },
    shouldFocusError: false,
  });

  useEffect(() => {
    let active = true;
    checkAuth({}, false)
      .then(() => {
        if (active) navigate(DASHBOARD_PATH, { replace: true });
      })
      .catch(() => {
        if (active) setChecking(false);
      });
    return () => {
      active = false;
    };
  }, [checkAuth, navigate]);

  const onSubmit = async (values: LoginRequest) => {
    if (!authProvider) return;
    // Saved before the attempt, as the spec orders it; only the email (DESIGN §3).
    if (values.remember) rememberEmail(values.email);
    else forgetRememberedLogin();
    try {
      const result = await authProvider.login(values);
      // Whatever was cached for the signed-out visitor (auth checks, meetings) is stale now.
      queryClient.removeQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['meetings'] });
      notify(result.message, { type: 'success' });
      navigate(result.redirectTo);
    } catch (error) {
      notify(serverMessageOr(error, translate('bh.auth.loginFailed')), { type: 'error' });
    }
  };

  const submit = (event: FormEvent) => {
    // Enter in a field while the call runs sends nothing twice.
    if (isSubmitting) event.preventDefault();
    else void handleSubmit(onSubmit)(event);
  };

  const onEmailKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && getValues('password') === '') {
      event.preventDefault();
      setFocus('password');
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.light}33 0%, ${theme.palette.background.default} 60%)`,
      }}
    >
      {checking ? (
        <CircularProgress aria-label={translate('bh.app.loading')} />
      ) : (
        <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  mb: 1.5,
                }}
              >
                <LockOutlinedIcon />
              </Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {translate('bh.auth.title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
                {translate('bh.auth.subtitle')}
              </Typography>
            </Box>
            <Box component="form" noValidate onSubmit={submit} onInput={preloadSignedInScreens} onPointerDown={preloadSignedInScreens}>
              <FormTextField
                {...CARD_FIELD}
                registration={register('email')}
                type="email"
                label={translate('bh.auth.email')}
                autoComplete="username"
                autoFocus={!remembered}
                onKeyDown={onEmailKeyDown}
                error={errors.email?.message}
              />
              <FormTextField
                {...CARD_FIELD}
                registration={register('password')}
                type="password"
                label={translate('bh.auth.password')}
                autoComplete="current-password"
                autoFocus={!!remembered}
                error={errors.password?.message}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Controller
                  name="remember"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Checkbox name={field.name} checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                      label={translate('bh.auth.remember')}
                    />
                  )}
                />
                <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
                  {translate('bh.auth.forgotPassword')}
                </Link>
              </Box>
              <SubmitButton busy={isSubmitting} size="large" fullWidth sx={{ mt: 2 }}>
                {translate(isSubmitting ? 'bh.auth.submitting' : 'bh.auth.submit')}
              </SubmitButton>
            </Box>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
