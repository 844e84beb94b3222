import type { FormEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, Link, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router';
import { FORGOT_PASSWORD_PATH } from '../providers/authProvider.ts';

export type LoginField = 'email' | 'password';
export type FieldErrors = Partial<Record<LoginField, string>>;

/** What the form does. */
export interface LoginCardHandlers {
  submit: (event: FormEvent) => void;
  email: (value: string) => void;
  password: (value: string) => void;
  remember: (checked: boolean) => void;
  emailKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The first key press or tap on the form: time to fetch the screens behind the login. */
  warmUp: () => void;
}

export interface LoginCardProps {
  translate: (key: string, options?: { _: string }) => string;
  email: string;
  password: string;
  remember: boolean;
  errors: FieldErrors;
  /** Why the last sign-in was refused (the server's message), shown above the fields. */
  failure?: string | undefined;
  failureRef?: Ref<HTMLDivElement>;
  submitting: boolean;
  emailRef?: Ref<HTMLInputElement>;
  passwordRef?: Ref<HTMLInputElement>;
  submitRef?: Ref<HTMLButtonElement>;
  rememberRef?: Ref<HTMLInputElement>;
  handlers: LoginCardHandlers;
}

/**
 * The sign-in card (spec §2.3). The server sends /login with it drawn already (login.html, written
 * at build time from the app itself: prerender.tsx), so a phone shows the form at its first paint and
 * someone can type in it before the app's scripts have run; the app then hydrates it (start.tsx).
 * Until then the page's own styles do what the fields' state does (BEFORE_START_SX), and the build
 * disables the Login button, which the app enables once it is ready (LoginPage).
 */
export function LoginCard({ translate, email, password, remember, errors, failure, failureRef, submitting, emailRef, passwordRef, submitRef, rememberRef, handlers }: LoginCardProps) {
  return (
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
        {failure ? (
          // Said at once (an alert) and given the focus, so nobody is left on the Login button
          // unaware; it stays until the next attempt.
          <Box
            ref={failureRef}
            role="alert"
            tabIndex={-1}
            sx={{ p: 1.5, mb: 1, borderRadius: 1, bgcolor: '#fdeded', color: '#5f2120', border: '1px solid #ffcdd2', overflowWrap: 'anywhere' }}
          >
            <Typography variant="body2">{failure}</Typography>
          </Box>
        ) : null}
        <Box
          component="form"
          noValidate
          // Never sent by the browser (the app stops it; before, its button is disabled), and if it
          // were, not with the password in the address.
          method="post"
          sx={BEFORE_START_SX}
          onSubmit={handlers.submit}
          onInput={handlers.warmUp}
          onPointerDown={handlers.warmUp}
        >
          <TextField
            name="email"
            id="login-email"
            value={email}
            onChange={(event) => handlers.email(event.target.value)}
            slotProps={EMPTY_PLACEHOLDER}
            inputRef={emailRef}
            type="email"
            label={translate('bh.auth.email')}
            autoComplete="username"
            required
            fullWidth
            margin="normal"
            onKeyDown={handlers.emailKeyDown}
            error={!!errors.email}
            helperText={errors.email ? translate(errors.email, { _: errors.email }) : ' '}
          />
          <TextField
            name="password"
            id="login-password"
            value={password}
            onChange={(event) => handlers.password(event.target.value)}
            slotProps={EMPTY_PLACEHOLDER}
            inputRef={passwordRef}
            type="password"
            label={translate('bh.auth.password')}
            autoComplete="current-password"
            required
            fullWidth
            margin="normal"
            error={!!errors.password}
            helperText={errors.password ? translate(errors.password, { _: errors.password }) : ' '}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox
                  name="remember"
                  checked={remember}
                  slotProps={{ input: { ref: rememberRef } }}
                  onChange={(event) => handlers.remember(event.target.checked)}
                />
              }
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
            disabled={submitting}
            sx={{ mt: 2 }}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : null}
            ref={submitRef}
            // login.html has it disabled until the app is ready (vite.config.ts, LoginPage).
            suppressHydrationWarning
          >
            {translate(submitting ? 'bh.auth.submitting' : 'bh.auth.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** An empty placeholder lets the page's own styles tell an empty field from a filled one (BEFORE_START_SX). */
const EMPTY_PLACEHOLDER = { htmlInput: { placeholder: ' ' } };

/**
 * How the drawn form answers someone typing in it before the app starts, in the page's styles alone:
 * what the app's fields do by their state (react-admin's small filled fields), which the drawn ones
 * do not have yet. A field with the focus or a value lifts its label; one with the focus shows its
 * underline, label colour and shade. The same as the app's own styles for those states, so they
 * change nothing once it runs; the e2e journey compares the two.
 */
const BEFORE_START_SX: SxProps<Theme> = {
  '& .MuiFormControl-root:has(input:focus, input:not(:placeholder-shown)) .MuiInputLabel-root': {
    transform: 'translate(12px, 4px) scale(0.75)',
    maxWidth: 'calc(133% - 24px)',
  },
  '& .MuiFormControl-root:has(input:focus) .MuiInputLabel-root': { color: 'primary.main' },
  '& .MuiFilledInput-root:focus-within': { backgroundColor: 'rgba(0, 0, 0, 0.06)' },
  '& .MuiFilledInput-root:focus-within::after': { transform: 'scaleX(1) translateX(0)' },
};

/**
 * About the card's height once all of it is drawn (about 480–530 px from 1280 px wide to 360 px):
 * its top is put where that would centre it.
 */
const CARD_HALF_HEIGHT_PX = 250;

/**
 * The page around the card, in the app and in login.html alike. The card's top stays where it first
 * shows: a slow phone reads login.html in pieces and paints the card each time with what it has
 * read, so a card centred by the page's flex box (its top depending on its height) moved up at each
 * piece, three or four times in the first half second (layout shifts of 0.02–0.09 at 4× CPU
 * slowdown). Its top is now about where centring puts the whole card, and the card grows downward.
 */
export function LoginMain({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        p: 2,
        pt: `max(16px, calc(50vh - ${CARD_HALF_HEIGHT_PX}px))`,
        background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.light}33 0%, ${theme.palette.background.default} 60%)`,
      }}
    >
      {children}
    </Box>
  );
}
