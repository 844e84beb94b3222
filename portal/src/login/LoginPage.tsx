import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router';
import { useAuthProvider, useCheckAuth, useNavigate, useNotify, useTranslate } from 'react-admin';
import { loginRequestSchema } from '@bh/shared';
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH, type PortalAuthProvider } from '../providers/authProvider.ts';
import { serverMessageOr } from '../providers/http.ts';
import { forgetRememberedLogin, readRememberedEmail, rememberEmail } from './rememberedLogin.ts';
import { preloadSignedInScreens } from '../signedInScreens.ts';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * Sign-in (spec §2.3). Guest-only: a signed-in visitor goes straight to the dashboard. The email
 * field's Enter moves to an empty password instead of submitting a form that cannot succeed.
 * Two fields need no form library, which keeps this first page light: react-hook-form and its
 * zod resolver would add about 15 KB gzipped to /login, past its 300 KB budget (test/budget.test.ts).
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const checkAuth = useCheckAuth();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(true);
  const passwordRef = useRef<HTMLInputElement | null>(null);

  const [remembered] = useState(() => readRememberedEmail());
  const [email, setEmail] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider || isSubmitting) return;
    const parsed = loginRequestSchema.safeParse({ email, password, remember });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // Saved before the attempt, as the spec orders it; only the email (DESIGN §3).
    if (remember) rememberEmail(parsed.data.email);
    else forgetRememberedLogin();
    setSubmitting(true);
    try {
      // Meetings cached for whoever was here before are dropped before the login, whose answer
      // starts fetching this person's own (firstData.ts); the signed-out visitor's auth checks once
      // it has succeeded.
      queryClient.removeQueries({ queryKey: ['meetings'] });
      const result = await authProvider.login(parsed.data);
      queryClient.removeQueries({ queryKey: ['auth'] });
      notify(result.message, { type: 'success' });
      navigate(result.redirectTo);
    } catch (error) {
      notify(serverMessageOr(error, translate('bh.auth.loginFailed')), { type: 'error' });
      setSubmitting(false);
    }
  };

  const onEmailKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && password === '') {
      event.preventDefault();
      passwordRef.current?.focus();
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
            <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} onInput={preloadSignedInScreens} onPointerDown={preloadSignedInScreens}>
              <TextField
                name="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                type="email"
                label={translate('bh.auth.email')}
                autoComplete="username"
                required
                fullWidth
                margin="normal"
                autoFocus={!remembered}
                onKeyDown={onEmailKeyDown}
                error={!!errors.email}
                helperText={errors.email ? translate(errors.email, { _: errors.email }) : ' '}
              />
              <TextField
                name="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                inputRef={passwordRef}
                type="password"
                label={translate('bh.auth.password')}
                autoComplete="current-password"
                required
                fullWidth
                margin="normal"
                autoFocus={!!remembered}
                error={!!errors.password}
                helperText={errors.password ? translate(errors.password, { _: errors.password }) : ' '}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
                  label={translate('bh.auth.remember')}
                />
                <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
                  {translate('bh.auth.forgotPassword')}
                </Link>
              </Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={isSubmitting}
                sx={{ mt: 2 }}
                startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : null}
              >
                {translate(isSubmitting ? 'bh.auth.submitting' : 'bh.auth.submit')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
