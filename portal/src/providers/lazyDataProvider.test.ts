import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from './dataProvider.ts';
import { createLazyDataProvider } from './lazyDataProvider.ts';

function fakeProvider() {
  return {
    getMeetings: vi.fn(async () => ({ success: true, meetings: [] })),
    getServices: vi.fn(async () => ({ success: true, data: {} })),
  } as unknown as PortalDataProvider & Record<'getMeetings' | 'getServices', ReturnType<typeof vi.fn>>;
}

describe('the data provider the app starts with', () => {
  it('loads the real one on the first call only, and passes each call and its answer through', async () => {
    const real = fakeProvider();
    const load = vi.fn(async () => real);
    const lazy = createLazyDataProvider(load);
    expect(load).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    const [meetings, services] = await Promise.all([lazy.getMeetings(signal), lazy.getServices()]);
    expect(meetings).toEqual({ success: true, meetings: [] });
    expect(services).toEqual({ success: true, data: {} });
    expect(real.getMeetings).toHaveBeenCalledWith(signal);
    await lazy.getMeetings();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.getMeetings).toHaveBeenCalledTimes(2);
  });

  it('is not mistaken for a promise, and says it takes no abort signal of react-admin’s, as the real one does not', async () => {
    const lazy = createLazyDataProvider(async () => fakeProvider());
    expect((lazy as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(lazy)).toBe(lazy);
    expect((lazy as unknown as { supportAbortSignal?: unknown }).supportAbortSignal).toBeUndefined();
  });

  it('tries the load again after it failed (a dropped network), and names a method the real one lacks', async () => {
    const real = fakeProvider();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const lazy = createLazyDataProvider(load);
    await expect(lazy.getServices()).rejects.toThrow('Failed to fetch');
    await expect(lazy.getServices()).resolves.toEqual({ success: true, data: {} });
    await expect((lazy as unknown as Record<string, () => Promise<unknown>>).noSuchCall!()).rejects.toThrow('no method noSuchCall');
  });
});
