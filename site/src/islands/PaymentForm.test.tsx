import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES as M } from '@bh/shared/messages/payments';
import { paymentCalls } from '../lib/payment-calls.ts';
import { server } from '../../test/msw.ts';
import PaymentForm, { EXISTING_USER_NOTE } from './PaymentForm.tsx';

const SERVICE = 'mental-Health-Counselling';
const PLAN = 'bundle';
const CALLS = paymentCalls(SERVICE, PLAN);
const DEFAULT_PATH = CALLS.defaultLink.url;
const VERIFY_PATH = CALLS.verifyCoupon.url;

interface VerifyCall {
  body: unknown;
  contentType: string | null;
}

/** Serves a default link and counts how often it is asked for. */
function serveDefaultLink(link: string) {
  const calls = { count: 0 };
  server.use(
    http.get(DEFAULT_PATH, () => {
      calls.count++;
      return HttpResponse.json({ success: true, data: { paymentLink: link } });
    }),
  );
  return calls;
}

/** Answers verify-coupon with `answer`, recording each request. */
function serveCouponCheck(answer: () => Response | Promise<Response>) {
  const calls: VerifyCall[] = [];
  server.use(
    http.post(VERIFY_PATH, async ({ request }) => {
      calls.push({ body: await request.json(), contentType: request.headers.get('content-type') });
      return answer();
    }),
  );
  return calls;
}

function proceedButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Proceed to Payment' });
}

/** Clicks 'Proceed to Payment' and returns the address it opened in a new tab. */
async function proceedTarget(user: ReturnType<typeof userEvent.setup>): Promise<unknown> {
  const open = vi.spyOn(window, 'open').mockImplementation(() => null);
  await user.click(proceedButton());
  expect(open).toHaveBeenCalledTimes(1);
  const [url, target] = open.mock.calls[0] ?? [];
  expect(target).toBe('_blank');
  open.mockRestore();
  return url;
}

function renderForm() {
  const user = userEvent.setup();
  render(<PaymentForm calls={CALLS} />);
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PaymentForm', () => {
  it('loads the default link on entry and opens it in a new tab', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = renderForm();

    expect(proceedButton().disabled).toBe(true);
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(defaults.count).toBe(1);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');
    expect(screen.getByText(M.newUserWarning)).toBeTruthy();
  });

  it('replaces the link with the coupon’s after a successful check, showing Verifying... meanwhile', async () => {
    serveDefaultLink('https://pay.example.com/mh-bundle');
    let answer: (res: Response) => void = () => {};
    const checks = serveCouponCheck(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await waitFor(() => expect(proceedButton().disabled).toBe(false));

    const coupon = screen.getByLabelText(/Coupon code/);
    await user.type(coupon, ' welcome10 ');
    expect((coupon as HTMLInputElement).value).toBe(' WELCOME10 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const busy = await screen.findByRole('button', { name: 'Verifying...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(proceedButton().disabled).toBe(true);
    answer(HttpResponse.json({ success: true, message: M.couponApplied, data: { paymentLink: 'https://pay.example.com/welcome10' } }));

    const status = await screen.findByText(M.couponApplied);
    expect(status.className).toContain('pay__status--success');
    expect(checks).toEqual([
      { body: { couponCode: 'WELCOME10', email: null, isExistingUser: false }, contentType: 'application/json' },
    ]);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(await proceedTarget(user)).toBe('https://pay.example.com/welcome10');
  });

  it('shows the server’s message on a failed check and reloads the default link', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    serveCouponCheck(() => HttpResponse.json({ success: false, message: 'Invalid or inactive coupon code' }, { status: 404 }));
    const user = renderForm();
    await waitFor(() => expect(defaults.count).toBe(1));

    await user.type(screen.getByLabelText(/Coupon code/), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const status = await screen.findByText('Invalid or inactive coupon code');
    expect(status.className).toContain('pay__status--error');
    await waitFor(() => expect(defaults.count).toBe(2));
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');
    expect(screen.getByText('Invalid or inactive coupon code')).toBeTruthy();
  });

  it('sends an existing user’s email, and switching user type clears coupon, email and message and reloads the default', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    const checks = serveCouponCheck(() =>
      HttpResponse.json({ success: true, message: 'Coupon applied successfully!', data: { paymentLink: 'https://pay.example.com/care20' } }),
    );
    const user = renderForm();
    await waitFor(() => expect(defaults.count).toBe(1));

    await user.click(screen.getByLabelText('Existing User'));
    await waitFor(() => expect(defaults.count).toBe(2));
    expect(screen.getByText(EXISTING_USER_NOTE)).toBeTruthy();
    expect(screen.queryByText(M.newUserWarning)).toBeNull();
    const email = screen.getByPlaceholderText('Enter your registered email');
    await user.type(email, '  priya@example.com ');
    await user.type(screen.getByLabelText(/Coupon code/), 'care20');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(M.couponApplied);
    expect(checks.map((c) => c.body)).toEqual([{ couponCode: 'CARE20', email: 'priya@example.com', isExistingUser: true }]);

    await user.click(screen.getByLabelText('New User'));
    expect(screen.queryByPlaceholderText('Enter your registered email')).toBeNull();
    expect((screen.getByLabelText(/Coupon code/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(M.couponApplied)).toBeNull();
    expect(screen.getByText(M.newUserWarning)).toBeTruthy();
    await waitFor(() => expect(defaults.count).toBe(3));
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');

    await user.click(screen.getByLabelText('Existing User'));
    expect((screen.getByPlaceholderText('Enter your registered email') as HTMLInputElement).value).toBe('');
  });

  it('says the link was emailed when the check answers so, and keeps the default link', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    serveCouponCheck(() => HttpResponse.json({ success: true, message: M.couponLinkEmailed, data: { emailed: true } }));
    const user = renderForm();
    await waitFor(() => expect(defaults.count).toBe(1));
    await user.click(screen.getByLabelText('Existing User'));
    await waitFor(() => expect(defaults.count).toBe(2));
    await user.type(screen.getByPlaceholderText('Enter your registered email'), 'someone@example.com');
    await user.type(screen.getByLabelText(/Coupon code/), 'care20');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const status = await screen.findByText(M.couponLinkEmailed);
    expect(status.className).toContain('pay__status--success');
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');
    expect(defaults.count).toBe(2);
  });

  it('asks for a coupon code, and an existing user’s email, before calling the API', async () => {
    serveDefaultLink('https://pay.example.com/mh-bundle');
    const checks = serveCouponCheck(() => HttpResponse.json({ success: true, data: { paymentLink: 'https://pay.example.com/x' } }));
    const user = renderForm();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.couponCodeMissing)).toBeTruthy();

    await user.click(screen.getByLabelText('Existing User'));
    await user.type(screen.getByLabelText(/Coupon code/), 'CARE20');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.emailMissing)).toBeTruthy();

    await user.type(screen.getByPlaceholderText('Enter your registered email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.emailInvalid)).toBeTruthy();
    expect(checks).toEqual([]);
  });

  it('reports a network failure during the check and still offers the default link', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    serveCouponCheck(() => HttpResponse.error());
    const user = renderForm();
    await waitFor(() => expect(defaults.count).toBe(1));

    await user.type(screen.getByLabelText(/Coupon code/), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(M.networkError)).toBeTruthy();
    await waitFor(() => expect(defaults.count).toBe(2));
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
  });

  it('keeps Proceed disabled and says why when the default link cannot be loaded', async () => {
    server.use(http.get(DEFAULT_PATH, () => HttpResponse.json({ success: false, message: M.paymentLinkMissing }, { status: 404 })));
    renderForm();
    expect(await screen.findByText(M.paymentLinkMissing)).toBeTruthy();
    expect(proceedButton().disabled).toBe(true);
  });

  it('refuses a link that is not a web address', async () => {
    server.use(http.get(DEFAULT_PATH, () => HttpResponse.json({ success: true, data: { paymentLink: 'javascript:alert(1)' } })));
    renderForm();
    expect(await screen.findByText(M.paymentLinkLoadFailed)).toBeTruthy();
    expect(proceedButton().disabled).toBe(true);
  });

  it('ignores a check that answers after the user type was switched', async () => {
    serveDefaultLink('https://pay.example.com/mh-bundle');
    let answer: (res: Response) => void = () => {};
    serveCouponCheck(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await waitFor(() => expect(proceedButton().disabled).toBe(false));

    await user.type(screen.getByLabelText(/Coupon code/), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('button', { name: 'Verifying...' });
    await user.click(screen.getByLabelText('Existing User'));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    answer(HttpResponse.json({ success: true, data: { paymentLink: 'https://pay.example.com/late' } }));

    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(screen.queryByText(M.couponApplied)).toBeNull();
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');
  });

  it('upper-cases a code typed in its middle without moving the caret to the end', async () => {
    serveDefaultLink('https://pay.example.com/mh-bundle');
    const user = renderForm();
    const coupon = screen.getByLabelText(/Coupon code/) as HTMLInputElement;
    await user.type(coupon, 'save');
    await user.type(coupon, 'my', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(coupon.value).toBe('MYSAVE');
    expect(coupon.selectionStart).toBe(2);
    await user.type(coupon, 'x', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(coupon.value).toBe('MYSAXVE');
  });

  it('withdraws an applied coupon as soon as its code is edited, and reloads the default link', async () => {
    const defaults = serveDefaultLink('https://pay.example.com/mh-bundle');
    serveCouponCheck(() =>
      HttpResponse.json({ success: true, message: M.couponApplied, data: { paymentLink: 'https://pay.example.com/welcome10' } }),
    );
    const user = renderForm();
    await waitFor(() => expect(defaults.count).toBe(1));
    const coupon = screen.getByLabelText(/Coupon code/);
    await user.type(coupon, 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(M.couponApplied);
    expect(await proceedTarget(user)).toBe('https://pay.example.com/welcome10');

    await user.type(coupon, '0');
    expect(screen.queryByText(M.couponApplied)).toBeNull();
    await waitFor(() => expect(defaults.count).toBe(2));
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(await proceedTarget(user)).toBe('https://pay.example.com/mh-bundle');
  });

  it('renders Verify disabled on the server, so the form cannot be sent natively before it hydrates', () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderToString(<PaymentForm calls={CALLS} />);
    const verify = [...holder.querySelectorAll('button')].find((b) => b.textContent === 'Verify');
    expect(verify?.type).toBe('submit');
    expect(verify?.disabled).toBe(true);
    // With its only submit button disabled, neither a click nor Enter in a field can submit the form.
    expect([...holder.querySelectorAll('button[type="submit"]:not([disabled]), input[type="submit"]')]).toEqual([]);
  });
});
