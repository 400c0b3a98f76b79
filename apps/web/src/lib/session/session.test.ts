import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Account } from '@segue/shared';
import { memoryStorage } from '../memory-storage.ts';

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

describe('a session signed out offline in another tab', () => {
  it('signs this tab out at once when it holds that session', async () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const addEventListener = vi.fn();
    vi.stubGlobal('window', {
      localStorage: local,
      sessionStorage: session,
      addEventListener,
      removeEventListener: vi.fn(),
    });
    // Still offline: the server is not told yet.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    session.setItem('jwt', 'token-ada');
    local.setItem('selectedTeamId', 'team-1');
    const { subscribeSession, setSessionAccount, getSession } = await load();
    const { rememberPendingLogout, PENDING_LOGOUT_KEY } = await import('./pending-logout.ts');
    setSessionAccount(account('ada'));
    subscribeSession(() => undefined);
    const onStorage = addEventListener.mock.calls.find(([type]) => type === 'storage')?.[1] as (
      event: Partial<StorageEvent>,
    ) => void;

    // Another person's sign-out leaves this tab alone.
    rememberPendingLogout({ token: 'token-grace', userId: 'id-grace' });
    onStorage({ key: PENDING_LOGOUT_KEY });
    expect(getSession().account).toEqual(account('ada'));

    rememberPendingLogout({ token: 'token-ada', userId: 'id-ada' });
    onStorage({ key: PENDING_LOGOUT_KEY });
    expect(getSession()).toMatchObject({ account: null, isPending: false });
    expect(session.getItem('jwt')).toBeNull();
    expect(local.getItem('selectedTeamId')).toBeNull();
  });
});
