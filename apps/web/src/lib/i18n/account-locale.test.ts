import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@segue/shared';
import { memoryStorage } from '../memory-storage.ts';

// A signed-in device that lost its stored language (site data cleared, a new browser profile
// restored with the session cookie) starts in the browser's language; once the account is
// read, the device keeps the account's again, so its next start speaks it from the first paint
// (docs/DECISIONS.md, "The interface in six languages").

const api = vi.hoisted(() => ({
  apiFetch: vi.fn<(path: string) => Promise<unknown>>(),
  restoreSessionToken: vi.fn<() => Promise<string | null>>(),
}));

vi.mock('../api-client.ts', () => ({
  ApiRequestError: class ApiRequestError extends Error {},
  NetworkError: class NetworkError extends Error {},
  apiFetch: api.apiFetch,
  restoreSessionToken: api.restoreSessionToken,
}));

const account = (locale: Account['locale']): Account => ({
  $id: 'id-lena',
  name: 'Lena',
  email: 'lena@example.com',
  emailVerification: true,
  phone: '',
  teams: [],
  locale,
});

// The store and the device's storage are module state: every test gets fresh modules.
async function load() {
  vi.resetModules();
  return {
    ...(await import('../session/session.ts')),
    ...(await import('./locale-choice.ts')),
    ...(await import('./i18n.ts')),
    ...(await import('../storage.ts')),
  };
}

beforeEach(() => {
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal('window', {
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  api.restoreSessionToken.mockResolvedValue('token');
});

afterEach(async () => {
  const { activateLocale } = await import('./i18n.ts');
  await activateLocale('en');
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the account's language on a device that lost its own", () => {
  it('is kept on the device as soon as the account is read, for the next start', async () => {
    const { initialLocale, subscribeSession, getSession, storedLocale, activeLocale } =
      await load();
    api.apiFetch.mockResolvedValue(account('de'));
    expect(storedLocale.get()).toBeNull();
    expect(initialLocale()).toBe('en'); // this start: the browser's, until the account answers

    const unsubscribe = subscribeSession(() => undefined);
    await vi.waitFor(() => expect(getSession().account?.locale).toBe('de'));
    expect(storedLocale.get()).toBe('de');
    expect(initialLocale()).toBe('de'); // the next start
    await vi.waitFor(() => expect(activeLocale()).toBe('de'));
    unsubscribe();
  });

  it('is kept when the query cache reads the account again, and after a sign-in', async () => {
    const { publishSession, setSessionAccount, storedLocale } = await load();
    publishSession({ account: account('fr'), isPending: false, isError: false, updatedAt: 1 });
    expect(storedLocale.get()).toBe('fr');
    storedLocale.set(null); // lost again
    setSessionAccount(account('ko'));
    expect(storedLocale.get()).toBe('ko');
  });

  it("leaves the device's own choice when the account follows the browser", async () => {
    const { setSessionAccount, storedLocale } = await load();
    storedLocale.set('es');
    setSessionAccount(account(null));
    expect(storedLocale.get()).toBe('es');
  });
});
