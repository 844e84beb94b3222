import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircularProgress } from '@mui/material';
import { useAuthProvider, useCheckAuth, useNavigate, useNotify, useTranslate } from 'react-admin';
import { loginRequestSchema } from '@bh/shared';
import { DASHBOARD_PATH, type PortalAuthProvider } from '../providers/authProvider.ts';
import { serverMessageOr } from '../providers/http.ts';
import { forgetRememberedLogin, readRememberedEmail, rememberEmail } from './rememberedLogin.ts';
import { preloadSignedInScreens } from '../signedInScreens.ts';
import { preloadFirstScreenCalls } from '../providers/lazyDataProvider.ts';
import { LoginCard, LoginMain, type FieldErrors, type LoginCardHandlers } from './LoginCard.tsx';
import { isLoginPageDrawn } from './prerenderMarks.ts';

/** What the first screens behind the login need, asked for as someone starts on the form: their files and their calls' module. */
function warmUpSignedIn(): void {
  preloadSignedInScreens();
  preloadFirstScreenCalls();
}

/**
 * Sign-in (spec §2.3). Guest-only: a signed-in visitor goes straight to the dashboard. The email
 * field's Enter moves to an empty password instead of submitting a form that cannot succeed.
 * Two fields need no form library, which keeps this first page light: react-hook-form and its
 * zod resolver would add about 15 KB gzipped to /login, past its 300 KB budget (test/budget.test.ts).
 *
 * Its first render is the one the build draws into login.html (prerender.tsx), which the app then
 * hydrates, so it reads nothing the server cannot know: the email this browser remembers, the focus
 * and the Login button (disabled in the drawn page) are seen to once it is on the page. What someone
 * typed before that stays in the fields (hydrating keeps their values), and is taken into the state
 * then too. Drawn by the app alone (a link within the portal, a build without login.html), it waits
 * for the sign-in check as before, so a signed-in visitor never sees the form.
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const checkAuth = useCheckAuth();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  const emailRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const submitRef = useRef<HTMLButtonElement | null>(null);
  const rememberRef = useRef<HTMLInputElement | null>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const failureRef = useRef<HTMLDivElement | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  // Drawn by the app alone, the page waits for the sign-in check before it shows the form.
  const [checking, setChecking] = useState(() => !isLoginPageDrawn());

  // Before the browser paints the app's first render, and before React draws the fields again:
  // hydrating keeps what the fields hold in the drawn page, but the next render would put the
  // state's empty values back in them.
  useLayoutEffect(() => {
    if (checking) return;
    const typedEmail = emailRef.current?.value ?? '';
    const typedPassword = passwordRef.current?.value ?? '';
    const remembered = readRememberedEmail();
    // Someone's own typing (or the browser's autofill) in the drawn page wins over the remembered email.
    if (typedEmail || remembered !== null) setEmail(typedEmail || (remembered ?? ''));
    if (typedPassword) setPassword(typedPassword);
    if (remembered !== null || rememberRef.current?.checked) setRemember(true);
    if (submitRef.current) submitRef.current.disabled = false;
    // Where someone has put the focus already, it stays.
    const focused = document.activeElement;
    if (!focused || focused === document.body) (remembered !== null ? passwordRef : emailRef).current?.focus();
  }, [checking]);

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
      setFailure(undefined);
      // The focus goes to the first field in error, whose message describes it.
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setFailure(undefined);
    // Saved before the attempt, as the spec orders it; only the email (DESIGN §3).
    if (remember) rememberEmail(parsed.data.email);
    else forgetRememberedLogin();
    setSubmitting(true);
    try {
      // Meetings cached for whoever was here before, and the signed-out visitor's auth checks, are
      // dropped before the login, whose answer fills in this person's (firstData.ts: react-admin's
      // questions about them answered, their dashboard's data asked for). Dropped after it, the
      // answers would go too, and the shell would ask again and draw itself once more per answer.
      queryClient.removeQueries({ queryKey: ['meetings'] });
      queryClient.removeQueries({ queryKey: ['auth'] });
      const result = await authProvider.login(parsed.data);
      notify(result.message, { type: 'success' });
      navigate(result.redirectTo);
    } catch (error) {
      const message = serverMessageOr(error, translate('bh.auth.loginFailed'));
      notify(message, { type: 'error' });
      setFailure(message);
      setSubmitting(false);
    }
  };

  // A refused sign-in's message takes the focus once it is on the page (the button it was on was
  // disabled while the request ran, which had dropped the focus to the page).
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onEmailKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && password === '') {
      event.preventDefault();
      passwordRef.current?.focus();
    }
  };

  const handlers: LoginCardHandlers = {
    submit: (event) => void onSubmit(event),
    email: setEmail,
    password: setPassword,
    remember: setRemember,
    emailKeyDown: onEmailKeyDown,
    warmUp: warmUpSignedIn,
  };

  return (
    <LoginMain>
      {checking ? (
        <CircularProgress aria-label={translate('bh.app.loading')} />
      ) : (
        <LoginCard
          translate={translate}
          email={email}
          password={password}
          remember={remember}
          errors={errors}
          failure={failure}
          failureRef={failureRef}
          submitting={isSubmitting}
          emailRef={emailRef}
          passwordRef={passwordRef}
          submitRef={submitRef}
          rememberRef={rememberRef}
          handlers={handlers}
        />
      )}
    </LoginMain>
  );
}
