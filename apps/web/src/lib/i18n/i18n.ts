import { Fragment, createElement, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '@segue/shared';
import englishCore from 'virtual:segue-catalog/en/core';
// The type only: the catalog reaches the browser compiled and in parts (lingui-catalogs.ts).
import type english from '../../locales/en.json';
import { loaders } from 'virtual:segue-catalogs';

/**
 * The interface's texts (docs/DECISIONS.md, "The interface in six languages"): one catalog a
 * language under src/locales, compiled at build time (lingui-catalogs.ts) so only Lingui's
 * small runtime ships, and served in parts by namespace (the key's first word). The first load
 * holds English's `core` part (the app bar, menus, page frame); a route loads the parts its
 * screen uses with its chunk (`loadCatalogs`), in the active language only.
 */

/** A text's key: a key of the English catalog, so a typo does not compile. */
export type MessageId = keyof typeof english;
/** The values an ICU message's placeholders take (`{name}`, `{count, plural, ...}`). */
export type MessageValues = Record<string, string | number>;
/** A catalog part other than `core`, named by its keys' first word. */
export type Namespace = MessageId extends `${infer N}.${string}` ? N : never;

/** Languages written right to left; none of Segue's today, but `dir` follows the language. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/** The parts every language has loaded: `core`, and those routes asked for. */
const wanted = new Set<string>(['core']);
/** The parts already loaded, as `<locale>/<namespace>`. */
const loaded = new Set<string>(['en/core']);

/** What is loaded of each language, compiled (Lingui keeps it, but does not show it). */
const messagesByLocale: Record<string, Messages> = { [DEFAULT_LOCALE]: { ...englishCore } };

// A copy: Lingui merges later parts into the object it is given.
i18n.load(DEFAULT_LOCALE, { ...englishCore });
i18n.activate(DEFAULT_LOCALE);
setDocumentLanguage(DEFAULT_LOCALE);

function setDocumentLanguage(locale: Locale): void {
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  if (!root) return;
  root.lang = locale;
  root.dir = RIGHT_TO_LEFT.has(locale.split('-')[0]!) ? 'rtl' : 'ltr';
}

/**
 * The parts a language needs: those wanted, and out of English the server's texts (in the
 * language and in English, to know them when they come: server-texts.ts).
 */
function partsFor(locale: Locale): string[] {
  const parts = [...wanted].map((ns) => `${locale}/${ns}`);
  if (locale !== DEFAULT_LOCALE) parts.push(`${locale}/server`, `${DEFAULT_LOCALE}/server`);
  return parts;
}

async function loadParts(parts: string[]): Promise<void> {
  const missing = parts.filter((part) => !loaded.has(part) && part in loaders);
  const catalogs = await Promise.all(missing.map((part) => loaders[part]!()));
  missing.forEach((part, i) => {
    loaded.add(part);
    const locale = part.split('/')[0]!;
    Object.assign((messagesByLocale[locale] ??= {}), catalogs[i]!.default);
    i18n.load(locale, { ...catalogs[i]!.default });
  });
}

/** The compiled messages loaded so far in `locale`. */
export function loadedMessages(locale: Locale): Readonly<Messages> {
  return messagesByLocale[locale] ?? {};
}

/**
 * Loads the parts of the catalog a screen uses, in the active language (and in any language
 * chosen later): a route awaits it beside its chunk, so the screen renders with its texts.
 */
export async function loadCatalogs(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  // Also in a language being activated: it may have begun loading before these were wanted.
  const locales = new Set([activeLocale(), ...(activating ? [activating] : [])]);
  await Promise.all([...locales].map((locale) => loadParts(partsFor(locale)))).catch(
    () => undefined,
  );
}

let latest = 0;
/** The language `activateLocale` is loading, until it is active. */
let activating: Locale | null = null;

/**
 * Makes `locale` the interface's language: the parts in use are loaded in it first, then every
 * screen using `useT` renders again. Of several calls under way, the last one wins. A part
 * that cannot be loaded (offline before it was ever fetched) leaves the current language.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const call = ++latest;
  activating = locale;
  try {
    // A screen that asked for its parts while these loaded (a deep link opened as the account's
    // language arrives) gets them in this language too: loaded again until none is missing.
    while (partsFor(locale).some((part) => !loaded.has(part) && part in loaders)) {
      await loadParts(partsFor(locale));
      if (call !== latest) return;
    }
  } catch {
    if (call === latest) activating = null;
    return;
  }
  if (call !== latest) return;
  activating = null;
  if (i18n.locale !== locale) i18n.activate(locale);
  setDocumentLanguage(locale);
}

/** The active language. */
export function activeLocale(): Locale {
  return i18n.locale as Locale;
}

/**
 * The text of `id` in the active language. Call it while rendering (through `useT`, so the
 * component renders again when the language changes) or when the text is shown, never at a
 * module's top level: that would freeze the language of the first load.
 */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

const MARK = '\u0000';

/**
 * `t` for a text with elements inside it: each value that is an element (a link, a strong
 * name) takes its placeholder's place, so the sentence's order stays the language's.
 */
export function tNodes(id: MessageId, values: Record<string, ReactNode>): ReactNode[] {
  const plain: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    plain[name] =
      typeof value === 'string' || typeof value === 'number' ? value : `${MARK}${name}${MARK}`;
  }
  return t(id, plain)
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 ? createElement(Fragment, { key: i }, values[piece]) : piece));
}

function subscribe(listener: () => void): () => void {
  return i18n.on('change', listener);
}

/** The active language; the component renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** `t` for a component: reading it subscribes the component to the language. */
export function useT(): typeof t {
  useLocale();
  return t;
}
