import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PAYMENT_MESSAGES } from '@bh/shared';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const saveButton = (name: RegExp) => screen.getByRole('button', { name });

async function open(): Promise<RenderedPortal> {
  const page = renderPortal('/admin/payment-links');
  await findHeading('Default Payment Links');
  await screen.findByRole('region', { name: 'Mental Health Counselling' });
  return page;
}

/** The screen loaded again: the links as stored. */
async function reopen(page: RenderedPortal): Promise<RenderedPortal> {
  const again = page.reload();
  await findHeading('Default Payment Links');
  await screen.findByRole('region', { name: 'Mental Health Counselling' }, { timeout: 10_000 });
  return again;
}

/** The rows of the audit log, each as 'action · target'. */
async function auditRows(page: RenderedPortal): Promise<string[]> {
  page.reload('/admin/grids/audit');
  await findHeading('Audit Log');
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  // The grid draws empty placeholder rows until its page has come.
  await within(table).findAllByText('Payment link changed', {}, { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(2).map((cell) => cell.textContent).join(' · '));
}

describe('Default payment links (/admin/payment-links)', () => {
  it('shows the four plans with their prices and current links', async () => {
    const { db } = adminWorld();
    db.paymentLinks.cosmetologistConsultancy.bundle = '';
    await open();
    const mental = screen.getByRole('region', { name: 'Mental Health Counselling' });
    expect(within(mental).getByLabelText<HTMLInputElement>(/^Single Session \(₹1,250\)/).value).toBe(db.paymentLinks.mentalHealthCounselling.single);
    expect(within(mental).getByLabelText<HTMLInputElement>(/^3-Session Pack \(₹3,000\)/).value).toBe(db.paymentLinks.mentalHealthCounselling.bundle);
    expect(within(mental).getAllByText(/^Last updated /)).toHaveLength(2);
    const cosmetology = screen.getByRole('region', { name: 'Cosmetologist Consultancy' });
    expect(within(cosmetology).getByLabelText<HTMLInputElement>(/^Single Consultation \(₹250\)/).value).toBe(db.paymentLinks.cosmetologistConsultancy.single);
    expect(within(cosmetology).getByLabelText<HTMLInputElement>(/^Complete Skin Journey/).value).toBe('');
    expect(within(cosmetology).getByText('No link set yet')).toBeTruthy();
  });

  it('saves one changed link and says so', async () => {
    adminWorld();
    const user = userEvent.setup();
    const page = await open();
    const save = () => saveButton(/^Save: Mental Health Counselling, 3-Session Pack/);
    expect(save().hasAttribute('disabled')).toBe(true);
    await user.clear(input(/^3-Session Pack/));
    await user.type(input(/^3-Session Pack/), 'https://pay.example.com/new-bundle');
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentLinkUpdated)).toBeTruthy();
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
    expect(input(/^3-Session Pack/).value).toBe('https://pay.example.com/new-bundle');
    // Loaded again: the one link changed, the other kept; the audit log has the one change.
    const again = await reopen(page);
    expect(input(/^3-Session Pack/).value).toBe('https://pay.example.com/new-bundle');
    expect(input(/^Single Session/).value).toBe('https://payments.example.com/mental-health/single');
    expect(await auditRows(again)).toEqual(['Payment link changed · Mental Health Counselling, 3-Session Pack']);
  }, 60_000);

  it('checks the link before sending it', async () => {
    adminWorld();
    const user = userEvent.setup();
    const page = await open();
    const field = () => input(/^Single Consultation/);
    const save = () => saveButton(/^Save: Cosmetologist Consultancy, Single Consultation/);
    await user.clear(field());
    await user.type(field(), 'pay.example.com/x');
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.invalidUrl)).toBeTruthy();
    await user.clear(field());
    await user.type(field(), 'http://pay.example.com/x');
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.httpsRequired)).toBeTruthy();
    await user.clear(field());
    await user.type(field(), ' ');
    await user.click(save());
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentLinkRequired)).toBeTruthy();
    // Loaded again: nothing was sent, the stored link is the one there was.
    await reopen(page);
    expect(input(/^Single Consultation/).value).toBe('https://payments.example.com/cosmetology/single');
  }, 60_000);

  it("shows the server's refusal", async () => {
    adminWorld();
    server.use(http.put(mockPath(api.payments.setDefaultLink), () => HttpResponse.json({ success: false, message: 'Payment links are read-only right now' }, { status: 409 })));
    const user = userEvent.setup();
    await open();
    await user.clear(input(/^Single Session/));
    await user.type(input(/^Single Session/), 'https://pay.example.com/s');
    await user.click(saveButton(/^Save: Mental Health Counselling, Single Session/));
    expect((await screen.findAllByText('Payment links are read-only right now')).length).toBeGreaterThanOrEqual(1);
  });
});
