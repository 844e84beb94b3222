import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTBOX_MESSAGES } from '@bh/shared';
import { queueEmail } from '../mocks/admin-state.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';

describe('Emails (/admin/grids/emails)', () => {
  it('lists each email with its delivery facts and sends a failed one again', async () => {
    const { db, state } = adminWorld();
    queueEmail(db, state, 'ravi@example.in', 'meeting-scheduled');
    const failed = queueEmail(db, state, 'neha@example.in', 'password-reset', 'failed');
    renderPortal('/admin/grids/emails');
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
    await waitFor(() => expect(state.emails.find((e) => e.id === failed.id)?.status).toBe('pending'));
  });
});
