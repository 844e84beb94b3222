import type { PortalDataProvider } from './dataProvider.ts';
import type { firstScreenMethods } from './firstScreenMethods.ts';
import { moduleLoader } from '../signedInScreens.ts';

/** Names a data provider is asked for that are not its methods: a promise check, react-admin's signal support. */
const NOT_METHODS = new Set(['then', 'supportAbortSignal']);

/**
 * The calls of the first screens behind the login (firstScreenMethods.ts), by name: for these the
 * provider loads that module, which carries only their areas of the contract, and not the full
 * provider with every other area's schemas (applications, uploads, the admin tools).
 */
export const FIRST_SCREEN_METHODS: ReadonlySet<string> = new Set<keyof typeof firstScreenMethods>([
  'getMeetings',
  'recordJoin',
  'deleteMeeting',
  'saveReportLink',
  'lookupMeetings',
  'getServices',
  'getDefaultPaymentLink',
  'logoutUser',
]);

/** A module's loader; one that says what it has already loaded (`current`) lets a call start at once. */
type Loader<M> = (() => Promise<M>) & { readonly current?: M | undefined };

export interface DataProviderLoaders {
  /** The first screens' calls (firstScreenMethods.ts). */
  firstScreens: Loader<Partial<PortalDataProvider>>;
  /** Every call (dataProvider.ts). */
  all: Loader<PortalDataProvider>;
}

export const DATA_PROVIDER_LOADERS: DataProviderLoaders = {
  firstScreens: moduleLoader(() => import('./firstScreenMethods.ts').then((m) => m.firstScreenMethods)),
  all: moduleLoader(() => import('./dataProvider.ts').then((m) => m.createDataProvider())),
};

/**
 * Loads the first screens' calls ahead of their first use (the sign-in form does, as it asks for
 * the first screens' files): the dashboard's calls after the Login click then leave in the same
 * task as the login's answer, not a module load later, behind the render that answer starts.
 */
export function preloadFirstScreenCalls(loaders: DataProviderLoaders = DATA_PROVIDER_LOADERS): void {
  void loaders.firstScreens().catch(() => {});
}

type Loaded = Record<string, unknown>;

/**
 * The data provider the app starts with: each method loads the module that has it on its first
 * call, and then calls it. The sign-in page calls none of them, so its files carry no
 * operation beyond its own, and building those schemas does not hold up its first paint (issue 20).
 * The first screens' calls come from a module in the chunk those screens share, which the sign-in
 * form and the pages behind the login ask for early, so a first call seldom waits for it; every
 * other call loads the full provider, once, when it is first made.
 */
export function createLazyDataProvider(loaders: DataProviderLoaders = DATA_PROVIDER_LOADERS): PortalDataProvider {
  const loading = new Map<keyof DataProviderLoaders, Promise<Loaded>>();
  // What has arrived: a call to it starts at once, in the caller's task.
  const ready = new Map<keyof DataProviderLoaders, Loaded>();
  const load = (which: keyof DataProviderLoaders): Promise<Loaded> => {
    let promise = loading.get(which);
    if (!promise) {
      promise = (loaders[which]() as Promise<Loaded>).then(
        (provider) => {
          ready.set(which, provider);
          return provider;
        },
        (error: unknown) => {
          loading.delete(which);
          throw error;
        },
      );
      loading.set(which, promise);
    }
    return promise;
  };
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const method = (name: string) => {
    let call = methods.get(name);
    if (!call) {
      const which = FIRST_SCREEN_METHODS.has(name) ? 'firstScreens' : 'all';
      const callOn = (provider: Loaded, args: unknown[]) => {
        const fn = provider[name];
        if (typeof fn !== 'function') throw new TypeError(`The data provider has no method ${name}`);
        return (fn as (...a: unknown[]) => unknown).apply(provider, args);
      };
      call = (...args: unknown[]) => {
        const here = ready.get(which) ?? (loaders[which].current as Loaded | undefined);
        if (here === undefined) return load(which).then((provider) => callOn(provider, args));
        try {
          return Promise.resolve(callOn(here, args));
        } catch (error) {
          return Promise.reject(error);
        }
      };
      methods.set(name, call);
    }
    return call;
  };
  return new Proxy({} as PortalDataProvider, {
    get: (_target, name) => (typeof name === 'string' && !NOT_METHODS.has(name) ? method(name) : undefined),
  });
}
