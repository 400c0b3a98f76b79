import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Account } from '@segue/shared';

const api = vi.hoisted(() => ({
  apiFetch: vi.fn<(path: string) => Promise<unknown>>(),
  restoreSessionToken: vi.fn<() => Promise<string | null>>(),
}));

vi.mock('../api-client.ts', () => ({
  ApiRequestError: class ApiRequestError extends Error {
    constructor(readonly status: number) {
      super(`status ${status}`);
    }
  },
  apiFetch: api.apiFetch,
  restoreSessionToken: api.restoreSessionToken,
}));

const account = (name: string): Account => ({
  $id: `id-${name}`,
  name,
  email: `${name}@example.com`,
  emailVerification: true,
  phone: '',
  teams: [],
});

// The store is module state: every test gets fresh modules.
async function load() {
  vi.resetModules();
  const session = await import('./session.ts');
  const current = await import('./current-account.ts');
  return { ...session, ...current };
}

beforeEach(() => {
  // What the store touches of the browser.
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  api.restoreSessionToken.mockResolvedValue('token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the session store', () => {
  it('asks the server once for its first listener and shares that answer with the query', async () => {
    const { subscribeSession, getSession, currentAccountQueryFn } = await load();
    let answer!: (value: unknown) => void;
    api.apiFetch.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const unsubscribe = subscribeSession(() => undefined);
    expect(getSession().isPending).toBe(true);
    const fromQuery = currentAccountQueryFn();
    answer(account('ada'));

    await expect(fromQuery).resolves.toEqual(account('ada'));
    expect(getSession()).toMatchObject({ account: account('ada'), isPending: false });
    expect(api.apiFetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('tells a failed check from a logged-out visitor', async () => {
    const { subscribeSession, getSession } = await load();
    api.apiFetch.mockRejectedValue(new Error('offline'));

    subscribeSession(() => undefined);
    await vi.waitFor(() => expect(getSession().isPending).toBe(false));
    expect(getSession()).toMatchObject({ account: null, isError: true });
  });

  it('hands what it knows to the query cache, and then follows the cache', async () => {
    const { setSessionAccount, getSession, connectSession, currentAccountQueryKey } = await load();
    setSessionAccount(account('ada'));

    const queryClient = new QueryClient();
    connectSession(queryClient);
    expect(queryClient.getQueryData(currentAccountQueryKey)).toEqual(account('ada'));

    // A profile edit, then a logout, as the screens write them.
    queryClient.setQueryData(currentAccountQueryKey, account('ada lovelace'));
    expect(getSession().account).toEqual(account('ada lovelace'));
    queryClient.setQueryData(currentAccountQueryKey, null);
    expect(getSession()).toMatchObject({ account: null, isPending: false, isError: false });

    // A login made without the cache reaches it.
    setSessionAccount(account('grace'));
    expect(queryClient.getQueryData(currentAccountQueryKey)).toEqual(account('grace'));
  });
});
