import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@segue/shared/locales';
import english from 'virtual:segue-catalog/en/follow';
// A type only: the app's i18n module brings React, which the page does without.
import type { MessageId } from '../lib/i18n/i18n.ts';
import { matchBrowserLocale } from '../lib/i18n/locale-match.ts';

/**
 * The follow page's texts in the reader's language (docs/DECISIONS.md, "The follow page"): the
 * `follow` part of one catalog, compiled at build time like the app's, without the app's i18n
 * module (it brings React) or Lingui's runtime: the page's texts are plain sentences with at
 * most a value put in, which `format` fills (a test keeps them so). English is in the page's
 * first load; another language is one small chunk, loaded before the page is drawn.
 */

/** A key of the follow page's texts. */
export type FollowMessageId = Extract<MessageId, `follow.${string}`>;

/** Where the app keeps the language chosen on this device (`storedLocale` in lib/storage.ts). */
export const LOCALE_STORAGE_KEY = 'segue.locale';

/** The other languages' parts, each a chunk of its own; English's is in the first load. */
const PARTS: Partial<Record<Locale, () => Promise<{ default: Messages }>>> = {
  es: () => import('virtual:segue-catalog/es/follow'),
  'pt-BR': () => import('virtual:segue-catalog/pt-BR/follow'),
  de: () => import('virtual:segue-catalog/de/follow'),
  fr: () => import('virtual:segue-catalog/fr/follow'),
  ko: () => import('virtual:segue-catalog/ko/follow'),
};

let active: Locale = DEFAULT_LOCALE;
let messages: Messages = english;

/**
 * The reader's language, as the app would start in it: the one chosen on this device, else
 * the first of the browser's languages Segue speaks, else English.
 */
export function followLocale(storage: Storage | null, languages: readonly string[]): Locale {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    // Blocked storage: the browser's language decides.
  }
  return isLocale(stored) ? stored : matchBrowserLocale(languages);
}

/**
 * Makes `locale` the page's language and sets `<html lang>`; a part that cannot be loaded
 * (the network dropped) leaves English.
 */
export async function activateFollowLocale(
  locale: Locale,
  root: HTMLElement = document.documentElement,
): Promise<void> {
  const load = PARTS[locale];
  if (!load) {
    active = DEFAULT_LOCALE;
    messages = english;
  } else if (locale !== active) {
    try {
      messages = (await load()).default;
      active = locale;
    } catch {
      // English, which came with the page.
    }
  }
  root.lang = active;
}

/** The page's active language. */
export function followActiveLocale(): Locale {
  return active;
}

/**
 * A compiled message as text: its strings, with each `[name]` token replaced by its value.
 * Plurals and other formats are not read here (the follow page's texts have none).
 */
export function format(message: unknown, values: Record<string, string | number> = {}): string {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return '';
  return message
    .map((token: unknown) =>
      typeof token === 'string'
        ? token
        : Array.isArray(token) && typeof token[0] === 'string'
          ? String(values[token[0]] ?? '')
          : '',
    )
    .join('');
}

/** The text of `id` in the page's language. Call it when the text is drawn. */
export function t(id: FollowMessageId, values?: Record<string, string | number>): string {
  return format(messages[id] ?? english[id] ?? id, values);
}
