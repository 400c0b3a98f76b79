import { activeLocale, loadedMessages, t, type MessageId } from './i18n.ts';

/**
 * The server answers in English. An answer whose text is one the English catalog holds word
 * for word (the `server.*` keys mirror the `*_TEXTS` of @segue/shared, a test keeps them
 * equal) is shown in the active language; any other text is shown as it came
 * (docs/DECISIONS.md, "The interface in six languages").
 */
let byEnglish: Map<string, MessageId> | null = null;

/** English's `server.*` texts (loaded with any other language) by their words. */
function keysByEnglishText(): Map<string, MessageId> {
  if (byEnglish && byEnglish.size > 0) return byEnglish;
  const english = loadedMessages('en');
  byEnglish = new Map();
  // The catalog is compiled: a text without placeholders is a one-string array.
  for (const [key, compiled] of Object.entries(english)) {
    if (!key.startsWith('server.')) continue;
    const text: unknown[] = Array.isArray(compiled) ? compiled : [compiled];
    if (text.length === 1 && typeof text[0] === 'string' && !byEnglish.has(text[0])) {
      byEnglish.set(text[0], key as MessageId);
    }
  }
  return byEnglish;
}

/** A text the server sent, in the active language when the catalog knows it. */
export function translateServerText(text: string): string {
  if (activeLocale() === 'en') return text;
  const key = keysByEnglishText().get(text);
  return key ? t(key) : text;
}

/**
 * A form field's message: a catalog key (a rule of the screen's own) or a message of a shared
 * schema (English, as the server would answer it), in the active language.
 */
export function fieldError(message: string | undefined): string | undefined {
  if (!message) return undefined;
  // A key has no space; a schema's message is a sentence.
  if (/^[a-z]+\.[A-Za-z]+$/.test(message)) return t(message as MessageId);
  return translateServerText(message);
}
