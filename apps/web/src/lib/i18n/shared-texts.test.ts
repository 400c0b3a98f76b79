import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SETTINGS_TEXTS,
  CALENDAR_FEED_TEXTS,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  PEOPLE_TEXTS,
  SERVER_ERRORS,
  TEXTS,
  TotpDisableInputSchema,
  UpdateLocaleInputSchema,
} from '@segue/shared';
import { activateLocale } from './i18n.ts';
import { translateServerText } from './server-texts.ts';

const english = JSON.parse(
  readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The message a schema answers for an input it refuses. */
const refusal = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('the English catalog and the texts of @segue/shared', () => {
  it("quotes the spec's texts exactly where the screens show them", () => {
    const quoted: [string, string][] = [
      ['shell.productName', TEXTS.productName],
      ['landing.tagline', TEXTS.tagline],
      ['landing.getStartedFree', TEXTS.getStartedFree],
      ['landing.goToDashboard', TEXTS.goToDashboard],
      ['landing.joinNow', TEXTS.joinNow],
      ['landing.screenshotsComingSoon', `Screenshots are ${TEXTS.comingSoon}.`],
      ['accounts.loginSuccess', TEXTS.loginSuccess],
      ['accounts.loginFailed', TEXTS.loginFailed],
      ['accounts.registrationSuccess', TEXTS.registrationSuccess],
      ['accounts.registrationFailed', TEXTS.registrationFailed],
      ['accounts.verifying', TEXTS.verifying],
      ['accounts.verified', TEXTS.verified],
      ['accounts.invalidVerificationLink', TEXTS.invalidVerificationLink],
      ['accounts.verificationFailed', TEXTS.verificationFailed],
      ['accounts.pleaseVerify', TEXTS.pleaseVerify],
      ['accounts.verificationResent', TEXTS.verificationResent],
      ['accounts.couldNotResend', TEXTS.couldNotResend],
      ['shell.somethingWentWrong', TEXTS.somethingWentWrong],
      ['shell.tryAgain', TEXTS.tryAgain],
      ['nav.logoutSuccess', TEXTS.logoutSuccess],
      ['nav.logoutFailed', TEXTS.logoutFailed],
      ['nav.logoutOffline', TEXTS.logoutOffline],
      ['dashboard.fallbackFirstName', TEXTS.fallbackFirstName],
      ['dashboard.noTeamSelected', TEXTS.noTeamSelected],
      ['dashboard.welcome', `${TEXTS.welcome} {name}`],
    ];
    for (const [key, text] of quoted) expect(english[key], key).toBe(text);
  });

  it('mirrors each shared constant under its prefix', () => {
    const mirrors: [prefix: string, texts: Record<string, unknown>][] = [
      ['people.', PEOPLE_TEXTS],
      ['calendar.', CALENDAR_FEED_TEXTS],
    ];
    for (const [prefix, texts] of mirrors) {
      for (const [key, text] of Object.entries(english)) {
        if (!key.startsWith(prefix)) continue;
        const name = key.slice(prefix.length);
        const shared = texts[name];
        // A text with a value is a function in @segue/shared: its English is the catalog's.
        if (typeof shared === 'function') continue;
        if (shared === undefined) continue;
        expect(text, key).toBe(shared);
      }
    }
  });

  it('holds under server.* only texts the server sends, word for word', () => {
    const sent = new Set<string>(
      [SERVER_ERRORS, ACCOUNT_SETTINGS_TEXTS]
        .flatMap((texts) => Object.values(texts))
        .filter((text): text is string => typeof text === 'string'),
    );
    for (const message of [
      refusal(ChangeEmailInputSchema, { email: 'a@example.com', password: '' }),
      refusal(ChangePasswordInputSchema, { oldPassword: '', password: 'a long new password' }),
      refusal(DeleteAccountInputSchema, {}),
      refusal(TotpDisableInputSchema, {}),
      refusal(UpdateLocaleInputSchema, { locale: 'xx' }),
    ]) {
      expect(message).toBeTypeOf('string');
      sent.add(message!);
    }
    const server = Object.entries(english).filter(([key]) => key.startsWith('server.'));
    expect(server.length).toBeGreaterThan(0);
    for (const [key, text] of server) expect(sent.has(text), `${key}: "${text}"`).toBe(true);
    // And every string of SERVER_ERRORS and ACCOUNT_SETTINGS_TEXTS has its key.
    const held = new Set(server.map(([, text]) => text));
    for (const text of sent) expect(held.has(text), text).toBe(true);
  });
});

describe("the server's texts on screen", () => {
  it('are shown in the active language when the catalog knows them, else as sent', async () => {
    expect(translateServerText(SERVER_ERRORS.invalidCredentials)).toBe(
      SERVER_ERRORS.invalidCredentials,
    );
    await activateLocale('es');
    try {
      expect(translateServerText(SERVER_ERRORS.invalidCredentials)).toBe(
        'Correo electrónico o contraseña incorrectos.',
      );
      expect(translateServerText('Something no catalog holds.')).toBe(
        'Something no catalog holds.',
      );
    } finally {
      await activateLocale('en');
    }
  });
});
