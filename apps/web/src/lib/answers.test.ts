import { describe, expect, it } from 'vitest';
import { readAccount, readSessionAnswer, readSetlistDetails } from './answers.ts';

const account = {
  $id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerification: true,
  phone: '',
  teams: ['t1'],
};

describe('answers read by the shell', () => {
  it('accepts the account and session shapes', () => {
    expect(readAccount({ ...account, extra: 1 })).toEqual(account);
    expect(readSessionAnswer({ user: account, jwt: 'token' })).toEqual({
      user: account,
      jwt: 'token',
    });
  });
  it("keeps the account's language when it is one the interface speaks", () => {
    expect(readAccount({ ...account, locale: 'ko' }).locale).toBe('ko');
    expect(readAccount({ ...account, locale: 'xx' }).locale).toBeUndefined();
    expect(readAccount({ ...account, locale: null }).locale).toBeUndefined();
    expect(readAccount(account).locale).toBeUndefined();
  });
  it('refuses malformed answers instead of passing them on', () => {
    expect(() => readAccount({ ...account, emailVerification: 'yes' })).toThrow();
    expect(() => readAccount({ ...account, teams: [1] })).toThrow();
    expect(() => readAccount(null)).toThrow();
    expect(() => readSessionAnswer({ user: account })).toThrow();
    expect(() =>
      readSetlistDetails({
        _id: 's',
        teamId: 't',
        currentIndex: 0,
        songs: [{ song: { parts: [{}] } }],
      }),
    ).toThrow();
    expect(
      readSetlistDetails({
        _id: 's',
        teamId: 't',
        currentIndex: 0,
        songs: [{ song: { parts: [{ label: 'V', lines: [] }] } }],
      }),
    ).toMatchObject({ _id: 's' });
  });
});
