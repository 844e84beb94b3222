import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRIEVANCE_OFFICER_DEFAULTS, PRIVACY_MESSAGES as M } from '@bh/shared';
import { addApplicant } from '../mocks/admin-state.ts';
import { addUser } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { privacyState } from '../mocks/privacy.ts';

const at = '2026-06-15T06:30:00.000Z';

describe('/privacy, the privacy centre', () => {
  it('lists the person’s devices, this one marked, and signs another out', async () => {
    const db = testDb();
    const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    privacyState(db).sessions.set(client._id, [
      { id: 'a'.repeat(32), browser: 'Chrome 131 on Windows', place: 'internet', network: '203.0.113.0/24', createdAt: at, lastUsedAt: at, current: true },
      { id: 'b'.repeat(32), browser: 'Safari 17 on iOS', place: 'local', network: '192.168.1.0/24', createdAt: at, lastUsedAt: at, current: false },
    ]);
    renderPortal('/privacy', { db, signedIn: client });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: M.title })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: M.sessionsTitle });
    const phone = await within(section).findByRole('listitem', { name: 'Safari 17 on iOS' });
    const laptop = within(section).getByRole('listitem', { name: 'Chrome 131 on Windows' });
    expect(within(laptop).getByText(M.thisDevice)).toBeInTheDocument();
    expect(within(laptop).queryByRole('button', { name: M.signOut })).toBeNull();
    expect(within(phone).getByText(/Local network · 192\.168\.1\.0\/24/)).toBeInTheDocument();

    await user.click(within(phone).getByRole('button', { name: M.signOut }));
    await waitFor(() => expect(within(section).queryByRole('listitem', { name: 'Safari 17 on iOS' })).toBeNull());
    expect(await screen.findByText(M.sessionSignedOut)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: M.signOutOthers })).toBeNull();
  }, 60_000);

  it('shows an associate who read their documents, and the grievance officer', async () => {
    const db = testDb();
    const associate = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
    privacyState(db).accessLog.set(associate._id, [
      { id: '1', at, action: 'document.read', actor: { name: 'Asha Iyer', role: 'admin' }, what: 'pan-card.png' },
    ]);
    renderPortal('/privacy', { db, signedIn: associate });
    const log = await screen.findByRole('region', { name: M.accessLogTitle });
    expect(await within(log).findByText('Asha Iyer (Admin)')).toBeInTheDocument();
    expect(within(log).getByText(`${M.accessActions['document.read']}: pan-card.png`)).toBeInTheDocument();
    const grievance = screen.getByRole('region', { name: M.grievanceTitle });
    expect(await within(grievance).findByText(GRIEVANCE_OFFICER_DEFAULTS.name)).toBeInTheDocument();
  });

  it('files a grievance with its due date and names a nominee', async () => {
    const db = testDb();
    const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    renderPortal('/privacy', { db, signedIn: client });
    const user = userEvent.setup();
    const requests = await screen.findByRole('region', { name: M.requestsTitle });
    await user.click(within(requests).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Grievance' }));
    await user.type(within(requests).getByLabelText('Details'), 'My report link never came.');
    await user.click(within(requests).getByRole('button', { name: M.submitRequest }));
    expect(await within(requests).findByText('My report link never came.')).toBeInTheDocument();
    expect(within(requests).getByText(/^Due by /)).toBeInTheDocument();

    const nominee = screen.getByRole('region', { name: M.nomineeTitle });
    await user.type(within(nominee).getByLabelText('Nominee’s name'), 'Asha Rao');
    await user.type(within(nominee).getByLabelText('Nominee’s email'), 'asha@example.in');
    await user.type(within(nominee).getByLabelText('Relationship'), 'Sister');
    await user.click(within(nominee).getByRole('button', { name: 'Save nominee' }));
    expect(await within(nominee).findByText('Sister · asha@example.in')).toBeInTheDocument();
  }, 60_000);

  it('gates the portal behind the notice until it is accepted', async () => {
    const db = testDb();
    const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    privacyState(db).noticePending.add(client._id);
    const page = renderPortal('/privacy', { db, signedIn: client });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: M.noticeTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: M.title })).toBeNull();
    for (const item of M.noticeItems) expect(screen.getByText(item.what)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.acceptNotice }));
    expect(await screen.findByRole('heading', { level: 1, name: M.title })).toBeInTheDocument();
    // Loaded again: no notice in the way, and the consent says it was given.
    page.reload();
    const consent = await screen.findByRole('region', { name: M.consentTitle }, { timeout: 10_000 });
    expect(await within(consent).findByText(/^You accepted privacy notice .+ on .+\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: M.noticeTitle })).toBeNull();
  }, 60_000);

  it('withdraws the consent to verify an application after a confirmation that says what follows', async () => {
    const db = testDb();
    const { user: associate } = addApplicant(db, { name: 'Vikram Shah', email: 'vikram@example.in' });
    const page = renderPortal('/privacy', { db, signedIn: associate });
    const user = userEvent.setup();
    const consent = await screen.findByRole('region', { name: M.consentTitle });
    expect(await within(consent).findByText(/^You consented to the verification of your application's documents/)).toBeInTheDocument();

    await user.click(within(consent).getByRole('button', { name: M.withdrawApplicationConsent }));
    const dialog = await screen.findByRole('dialog', { name: M.withdrawApplicationConsent });
    // It says plainly what follows: out of review, what is kept, how to consent again.
    expect(within(dialog).getByText(M.withdrawApplicationConsentWarning)).toBeInTheDocument();
    expect(M.withdrawApplicationConsentWarning).toMatch(/withdrawn from review/);
    expect(M.withdrawApplicationConsentWarning).toMatch(/We keep your application and documents/);
    expect(M.withdrawApplicationConsentWarning).toMatch(/submit the application again/);
    await user.click(within(dialog).getByRole('button', { name: M.withdrawApplicationConsent }));

    expect(await screen.findByText(M.applicationConsentWithdrawn)).toBeInTheDocument();
    await waitFor(() => expect(within(consent).queryByRole('button', { name: M.withdrawApplicationConsent })).toBeNull());
    // Loaded again: the notice stands, the consent to verify is gone, and the dashboard asks for the documents again.
    const privacy = page.reload();
    const again = await screen.findByRole('region', { name: M.consentTitle }, { timeout: 10_000 });
    expect(await within(again).findByRole('button', { name: M.withdrawConsent })).toBeInTheDocument();
    expect(within(again).queryByText(/^You consented to the verification of your application's documents/)).toBeNull();
    expect(within(again).queryByRole('button', { name: M.withdrawApplicationConsent })).toBeNull();
    privacy.reload('/dashboard');
    expect((await screen.findAllByRole('link', { name: 'Submit Documents' }, { timeout: 10_000 })).length).toBeGreaterThan(0);
  }, 60_000);

  it('lets a verified admin decide a request, with reasons', async () => {
    const db = testDb();
    const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    const admin = addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' });
    privacyState(db).requests.push({
      userId: client._id,
      request: { id: 'c'.repeat(24), kind: 'correction', details: 'Fix my name', status: 'open', createdAt: at, dueAt: at, answer: null, decidedAt: null, erasureAt: null },
    });
    const page = renderPortal('/privacy', { db, signedIn: admin });
    const user = userEvent.setup();
    const queue = await screen.findByRole('region', { name: M.queueTitle });
    const row = await within(queue).findByRole('listitem', { name: 'Correction · priya@example.in' });
    await user.type(within(row).getByLabelText(/^Answer/), 'Name corrected');
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(M.requestDecided)).toBeInTheDocument();
    // Priya, signing in, sees her request completed, with the answer.
    db.sessionUserId = client._id;
    page.reload();
    const requests = await screen.findByRole('region', { name: M.requestsTitle }, { timeout: 10_000 });
    expect(await within(requests).findByText('Fix my name')).toBeInTheDocument();
    expect(within(requests).getByText(M.requestStatuses.completed)).toBeInTheDocument();
    expect(within(requests).getByText('“Name corrected”')).toBeInTheDocument();
  }, 60_000);
});
