import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPortal, testDb } from '../test/render.tsx';
import { preloadSignedInScreens } from '../signedInScreens.ts';

vi.mock('../signedInScreens.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../signedInScreens.ts')>()),
  preloadSignedInScreens: vi.fn(),
}));

describe('the login page and the screens after it (issue 20)', () => {
  it('starts loading the shell and the dashboard once someone types into the form or presses on it, not before (the email field has focus from the start)', async () => {
    renderPortal('/login', { db: testDb() });
    await screen.findByText('Welcome Back');
    expect(preloadSignedInScreens).not.toHaveBeenCalled();
    await userEvent.setup().keyboard('p');
    expect(screen.getByLabelText(/^Better Health ID/)).toHaveValue('p');
    expect(preloadSignedInScreens).toHaveBeenCalled();
  });
});
