import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../test/server.ts';
import { addUser } from '../mocks/db.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

function world() {
  const w = adminWorld();
  addUser(w.db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  addUser(w.db, { name: 'Dr. Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  addUser(w.db, { name: 'Kiran Das', email: 'kiran@example.in', role: 'doctor', isVerified: 'pending' });
  addUser(w.db, { name: 'Neha Gupta', email: 'neha@example.in', role: 'doctor', isVerified: 'rejected', rejectionReason: 'Blurred PAN card' });
  addUser(w.db, { name: 'Lata Menon', email: 'lata@example.in', role: 'admin', isVerified: 'pending' });
  const filters: unknown[] = [];
  server.use(
    http.get(mockPath(api.admin.users), ({ request }) => {
      filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
    }),
  );
  return { ...w, filters };
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
    .sort();

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('All Users grid (/admin/grids/users)', () => {
  it('lists every account with its role and verification status', async () => {
    world();
    renderPortal('/admin/grids/users');
    await findHeading('All Users');
    await waitFor(() => expect(names()).toHaveLength(6));
    const neha = screen.getByRole('row', { name: /Neha Gupta/ });
    expect(within(neha).getByText('BH Associate')).toBeTruthy();
    expect(within(neha).getByText('Rejected')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Priya Nair/ })).getByText('User')).toBeTruthy();
  });

  it('filters by role, then by verification status', async () => {
    const { filters } = world();
    renderPortal('/admin/grids/users');
    await findHeading('All Users');
    await waitFor(() => expect(names()).toHaveLength(6));

    await choose('Role', 'BH Associate');
    await waitFor(() => expect(names()).toEqual(['Dr. Meera Rao', 'Kiran Das', 'Neha Gupta']));
    await choose('Verification', 'Pending');
    await waitFor(() => expect(names()).toEqual(['Kiran Das']));
    expect(filters.at(-1)).toEqual({ role: 'doctor', isVerified: 'pending' });
  });
});
