import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from './dataProvider.ts';
import { firstScreenMethods } from './firstScreenMethods.ts';
import { createLazyDataProvider, FIRST_SCREEN_METHODS, preloadFirstScreenCalls } from './lazyDataProvider.ts';
import { moduleLoader } from '../signedInScreens.ts';

function fakeProvider() {
  return {
    getMeetings: vi.fn(async () => ({ success: true, meetings: [] })),
    getServices: vi.fn(async () => ({ success: true, data: {} })),
    checkVerified: vi.fn(async () => ({ success: true, isVerified: 'verified' })),
  } as unknown as PortalDataProvider & Record<'getMeetings' | 'getServices' | 'checkVerified', ReturnType<typeof vi.fn>>;
}

describe('the data provider the app starts with', () => {
  it('loads the first screens’ calls on the first of them only, and passes each call and its answer through', async () => {
    const first = fakeProvider();
    const loaders = { firstScreens: vi.fn(async () => first), all: vi.fn(async () => fakeProvider()) };
    const lazy = createLazyDataProvider(loaders);
    expect(loaders.firstScreens).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    const [meetings, services] = await Promise.all([lazy.getMeetings(signal), lazy.getServices()]);
    expect(meetings).toEqual({ success: true, meetings: [] });
    expect(services).toEqual({ success: true, data: {} });
    expect(first.getMeetings).toHaveBeenCalledWith(signal);
    await lazy.getMeetings();
    expect(loaders.firstScreens).toHaveBeenCalledTimes(1);
    expect(first.getMeetings).toHaveBeenCalledTimes(2);
    // The dashboard's calls never load the full provider.
    expect(loaders.all).not.toHaveBeenCalled();
  });

  it('loads the full provider, once, for any other call', async () => {
    const all = fakeProvider();
    const loaders = { firstScreens: vi.fn(async () => fakeProvider()), all: vi.fn(async () => all) };
    const lazy = createLazyDataProvider(loaders);
    await Promise.all([lazy.checkVerified(), lazy.checkVerified()]);
    expect(all.checkVerified).toHaveBeenCalledTimes(2);
    expect(loaders.all).toHaveBeenCalledTimes(1);
    expect(loaders.firstScreens).not.toHaveBeenCalled();
  });

  it('calls at once, in the caller’s task, once the module is here: preloaded (the sign-in form does), or after a first call', async () => {
    const first = fakeProvider();
    const loaders = { firstScreens: moduleLoader(async () => first), all: moduleLoader(async () => fakeProvider()) };
    const preloaded = createLazyDataProvider(loaders);
    preloadFirstScreenCalls(loaders);
    await loaders.firstScreens();
    const answer = preloaded.getMeetings();
    // Before any await: the request leaves in the task that asked (the login's answer), not after the render it starts.
    expect(first.getMeetings).toHaveBeenCalledTimes(1);
    expect(await answer).toEqual({ success: true, meetings: [] });

    const plain = fakeProvider();
    const lazy = createLazyDataProvider({ firstScreens: vi.fn(async () => plain), all: vi.fn(async () => fakeProvider()) });
    await lazy.getServices();
    void lazy.getMeetings();
    expect(plain.getMeetings).toHaveBeenCalledTimes(1);
  });

  it('names exactly the calls the first screens’ module has', () => {
    expect([...FIRST_SCREEN_METHODS].sort()).toEqual(Object.keys(firstScreenMethods).sort());
  });

  it('is not mistaken for a promise, and says it takes no abort signal of react-admin’s, as the real one does not', async () => {
    const lazy = createLazyDataProvider({ firstScreens: async () => fakeProvider(), all: async () => fakeProvider() });
    expect((lazy as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(lazy)).toBe(lazy);
    expect((lazy as unknown as { supportAbortSignal?: unknown }).supportAbortSignal).toBeUndefined();
  });

  it('tries the load again after it failed (a dropped network), and names a method the real one lacks', async () => {
    const real = fakeProvider();
    const all = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const lazy = createLazyDataProvider({ firstScreens: async () => real, all });
    await expect(lazy.checkVerified()).rejects.toThrow('Failed to fetch');
    await expect(lazy.checkVerified()).resolves.toEqual({ success: true, isVerified: 'verified' });
    await expect((lazy as unknown as Record<string, () => Promise<unknown>>).noSuchCall!()).rejects.toThrow('no method noSuchCall');
  });
});
