import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTBOX_MESSAGES } from '@bh/shared';
import { queueEmail } from '../mocks/admin-state.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';

describe('Emails (/admin/grids/emails)', () => {
  it('lists each email with its delivery facts and sends a failed one again', async () => {
    const { db, state } = adminWorld();
    queueEmail(db, state, 'ravi@example.in', 'meeting-scheduled');
    queueEmail(db, state, 'neha@example.in', 'password-reset', 'failed');
    const page = renderPortal('/admin/grids/emails');
    await findHeading('Emails');
    const row = (await screen.findByText('neha@example.in')).closest('tr')!;
    expect(within(row).getByText('Password reset link')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('451 Try again later')).toBeInTheDocument();
    const sentRow = screen.getByText('ravi@example.in').closest('tr')!;
    expect(within(sentRow).getByText('Session scheduled')).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: /Send again/ })).toBeNull();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Send again: neha@example.in' }));
    expect(await screen.findByText(OUTBOX_MESSAGES.resent)).toBeInTheDocument();
    // Loaded again: it waits to be sent, and cannot be sent again a second time.
    page.reload();
    await findHeading('Emails');
    const waiting = (await screen.findByText('neha@example.in', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Send again/ })).toBeNull();
  }, 60_000);
});
