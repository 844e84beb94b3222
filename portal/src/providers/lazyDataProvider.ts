import type { PortalDataProvider } from './dataProvider.ts';

/** Names a data provider is asked for that are not its methods: a promise check, react-admin's signal support. */
const NOT_METHODS = new Set(['then', 'supportAbortSignal']);

/**
 * The data provider the app starts with: each method loads the real one (`dataProvider.ts`, which
 * carries every operation of the contract and the schemas that parse their answers) on its first
 * call, and then calls it. The sign-in page calls none of them, so its one file carries neither,
 * and building those schemas no longer holds up its first paint (issue 20). The screens behind the
 * login have the real one in their shared chunk, which the sign-in form and the pages behind the
 * login already ask for early, so a first call seldom waits for it.
 */
export function createLazyDataProvider(load: () => Promise<PortalDataProvider> = loadDataProvider): PortalDataProvider {
  let real: Promise<PortalDataProvider> | null = null;
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const method = (name: string) => {
    let call = methods.get(name);
    if (!call) {
      call = async (...args: unknown[]) => {
        real ??= load().catch((error: unknown) => {
          real = null;
          throw error;
        });
        const provider = (await real) as unknown as Record<string, unknown>;
        const fn = provider[name];
        if (typeof fn !== 'function') throw new TypeError(`The data provider has no method ${name}`);
        return (fn as (...a: unknown[]) => unknown).apply(provider, args);
      };
      methods.set(name, call);
    }
    return call;
  };
  return new Proxy({} as PortalDataProvider, {
    get: (_target, name) => (typeof name === 'string' && !NOT_METHODS.has(name) ? method(name) : undefined),
  });
}

export const loadDataProvider = () => import('./dataProvider.ts').then((m) => m.createDataProvider());
