import { useCallback, useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { PAYMENT_MESSAGES as M } from '@bh/shared/messages/payments';
import { fetchDefaultLink, verifyCoupon } from './payment-api.ts';
import type { PaymentCalls } from '../lib/payment-calls.ts';
import './PaymentForm.css';

interface Props {
  /** The plan's two calls, built by the page from the shared definitions (the service as its URL spells it). */
  calls: PaymentCalls;
}

type UserType = 'new' | 'existing';
type Status = { tone: 'success' | 'error'; text: string } | null;

export const EXISTING_USER_NOTE =
  'Welcome back! Coming back for your next session is a real step forward, and we are glad to walk it with you.';

// The form skips the browser's own validation so that the spec's messages are the ones shown.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The payment page's form (spec §2.13): who is paying, an optional coupon, and the button that
 * opens the plan's payment link. The default link loads on entry; a valid coupon replaces it.
 */
export default function PaymentForm({ calls }: Props) {
  const [userType, setUserType] = useState<UserType>('new');
  const [email, setEmail] = useState('');
  const [coupon, setCoupon] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [verifying, setVerifying] = useState(false);
  // False in the server-rendered HTML: until React has hydrated, Verify stays disabled so the form
  // can never be submitted natively (which would reload the page with the code in the address).
  const [hydrated, setHydrated] = useState(false);
  // Bumped by every load, check and reset, so an answer that arrives late never overwrites newer state.
  const generation = useRef(0);

  const loadDefaultLink = useCallback(async () => {
    const current = ++generation.current;
    setLink(null);
    const result = await fetchDefaultLink(calls.defaultLink);
    if (current !== generation.current) return;
    if (result.ok) setLink(result.link);
    else setStatus({ tone: 'error', text: result.message });
  }, [calls.defaultLink]);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    void loadDefaultLink();
    return () => {
      generation.current++;
    };
  }, [loadDefaultLink]);

  const chooseUserType = (next: UserType) => {
    if (next === userType) return;
    setUserType(next);
    setEmail('');
    setCoupon('');
    setStatus(null);
    setVerifying(false);
    void loadDefaultLink();
  };

  const onCouponChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const upper = input.value.toUpperCase();
    // Upper-case in place and put the caret back where it was, so typing inside a code does not
    // jump to its end. React then finds the input already holding the new value and leaves it.
    if (upper !== input.value && upper.length === input.value.length) {
      const { selectionStart, selectionEnd, selectionDirection } = input;
      input.value = upper;
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
    }
    setCoupon(upper);
    // A coupon applied (or being checked) belonged to the code as it was: editing withdraws it.
    if (verifying || status?.tone === 'success') {
      setStatus(null);
      setVerifying(false);
      void loadDefaultLink();
    }
  };

  const onVerify = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const couponCode = coupon.trim().toUpperCase();
    const isExistingUser = userType === 'existing';
    const registeredEmail = email.trim();
    if (couponCode === '') return setStatus({ tone: 'error', text: M.couponCodeMissing });
    if (isExistingUser && registeredEmail === '') return setStatus({ tone: 'error', text: M.emailMissing });
    if (isExistingUser && !EMAIL_SHAPE.test(registeredEmail)) return setStatus({ tone: 'error', text: M.emailInvalid });

    const current = ++generation.current;
    setVerifying(true);
    setStatus(null);
    const result = await verifyCoupon(calls.verifyCoupon, {
      couponCode,
      email: isExistingUser ? registeredEmail : null,
      isExistingUser,
    });
    if (current !== generation.current) return;
    setVerifying(false);
    if (result.ok === 'emailed') {
      // The discounted link went to the address (if it is a client's); the default link stays.
      setStatus({ tone: 'success', text: result.message });
    } else if (result.ok) {
      setLink(result.link);
      setStatus({ tone: 'success', text: result.message ?? M.couponApplied });
    } else {
      setStatus({ tone: 'error', text: result.message });
      void loadDefaultLink();
    }
  };

  const proceed = () => {
    if (link) window.open(link, '_blank', 'noopener,noreferrer');
  };

  return (
    <form className="pay" onSubmit={onVerify} noValidate>
      <fieldset className="pay__who">
        <legend>Have you booked with Better Health before?</legend>
        <label className="pay__choice">
          <input type="radio" name="userType" checked={userType === 'new'} onChange={() => chooseUserType('new')} />
          <span>New User</span>
        </label>
        <label className="pay__choice">
          <input
            type="radio"
            name="userType"
            checked={userType === 'existing'}
            onChange={() => chooseUserType('existing')}
          />
          <span>Existing User</span>
        </label>
      </fieldset>

      {userType === 'existing' && (
        <div className="pay__field">
          <label htmlFor="pay-email">Registered email</label>
          <input
            id="pay-email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="Enter your registered email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
      )}

      <div className="pay__field">
        <label htmlFor="pay-coupon">
          Coupon code <span className="pay__optional">(optional)</span>
        </label>
        <div className="pay__coupon">
          <input
            id="pay-coupon"
            name="couponCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Enter coupon code"
            value={coupon}
            onChange={onCouponChange}
          />
          <button type="submit" className="button button--ghost" disabled={!hydrated || verifying}>
            {verifying ? 'Verifying...' : 'Verify'}
          </button>
        </div>
      </div>

      <div className="pay__live" aria-live="polite" aria-atomic="true">
        {status && <p className={`pay__status pay__status--${status.tone}`}>{status.text}</p>}
      </div>

      <button type="button" className="button pay__proceed" disabled={!link || verifying} onClick={proceed}>
        Proceed to Payment
      </button>

      <p className={userType === 'existing' ? 'pay__note' : 'pay__note pay__note--warn'}>
        {userType === 'existing' ? EXISTING_USER_NOTE : M.newUserWarning}
      </p>
    </form>
  );
}
