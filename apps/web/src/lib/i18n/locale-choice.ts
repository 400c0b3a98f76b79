import { DEFAULT_LOCALE, isLocale, type Account, type Locale } from '@segue/shared';
import { storedLocale } from '../storage.ts';
import { activateLocale } from './i18n.ts';
import { matchBrowserLocale } from './locale-match.ts';

export { matchBrowserLocale };

/**
 * Which language the interface speaks: the one chosen on the account (so a new device
 * signs in speaking it), else the one chosen on this device, else the browser's.
 */

/** Each language named in itself, as the language pickers show them: never translated. */
/* eslint-disable lingui/no-unlocalized-strings */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français',
  ko: '한국어',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The first of the browser's languages Segue speaks. */
export function browserLocale(): Locale {
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  return matchBrowserLocale(
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}

/** The language to start in, before the account is known: this device's choice or the browser's. */
export function initialLocale(): Locale {
  return storedLocale.get() ?? browserLocale();
}

/** Activates the starting language; the app renders once it is ready. */
export function startLocale(): Promise<void> {
  return activateLocale(initialLocale());
}

/**
 * The signed-in account's language, once read: kept on this device too and made active. An
 * account that follows the browser changes nothing.
 */
export function followAccountLocale(account: Account | null): void {
  const chosen = account?.locale;
  if (!isLocale(chosen)) return;
  if (storedLocale.get() !== chosen) storedLocale.set(chosen);
  void activateLocale(chosen);
}

/**
 * Chooses the interface's language on this device (null: follow the browser again) and makes
 * it active. Saving it on the account is the caller's (`useChooseLocale`).
 */
export async function chooseDeviceLocale(locale: Locale | null): Promise<void> {
  storedLocale.set(locale);
  await activateLocale(locale ?? browserLocale());
}
