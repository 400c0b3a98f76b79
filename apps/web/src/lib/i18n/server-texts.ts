import { formatNumber } from './format.ts';
import { activeLocale, loadedMessages, t, type MessageId, type MessageValues } from './i18n.ts';

/**
 * The server answers in English. An answer whose text is one the English catalog holds word
 * for word (the `server.*` keys mirror the `*_TEXTS` of @segue/shared, a test keeps them
 * equal) is shown in the active language; so is one that fills such a text's placeholders
 * (`{max}` in "… holds at most {max} songs …"). Any other text is shown as it came
 * (docs/DECISIONS.md, "The interface in six languages").
 */

/** A `server.*` text with values inside, as a pattern of the English words. */
interface ServerPattern {
  key: MessageId;
  words: RegExp;
  /** The placeholders' names, in the order the pattern captures them. */
  names: string[];
}

let byEnglish: Map<string, MessageId> | null = null;
let patterns: ServerPattern[] = [];

/** `text` as a pattern that matches it word for word. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English's `server.*` texts (loaded with any other language) by their words. */
function keysByEnglishText(): Map<string, MessageId> {
  if (byEnglish && byEnglish.size > 0) return byEnglish;
  const english = loadedMessages('en');
  byEnglish = new Map();
  patterns = [];
  // The catalog is compiled: text and `[name]` for each value put in.
  for (const [key, compiled] of Object.entries(english)) {
    if (!key.startsWith('server.')) continue;
    const tokens: unknown[] = Array.isArray(compiled) ? compiled : [compiled];
    if (tokens.length === 1 && typeof tokens[0] === 'string') {
      if (!byEnglish.has(tokens[0])) byEnglish.set(tokens[0], key as MessageId);
      continue;
    }
    // A plain placeholder only: a plural or a select is not read back from its words.
    const names: string[] = [];
    let words = '';
    for (const token of tokens) {
      if (typeof token === 'string') words += escapeRegExp(token);
      else if (Array.isArray(token) && token.length === 1 && typeof token[0] === 'string') {
        names.push(token[0]);
        words += '(.+?)';
      } else {
        names.length = 0;
        break;
      }
    }
    if (names.length > 0)
      patterns.push({ key: key as MessageId, words: new RegExp(`^${words}$`), names });
  }
  return byEnglish;
}

/** A value read out of the English text: a number ("2,000") in the active language's digits. */
function readValue(text: string): string {
  return /^\d{1,3}(,\d{3})*$|^\d+$/.test(text)
    ? formatNumber(Number(text.replace(/,/g, '')))
    : text;
}

/** A text the server sent, in the active language when the catalog knows it. */
export function translateServerText(text: string): string {
  if (activeLocale() === 'en') return text;
  const key = keysByEnglishText().get(text);
  if (key) return t(key);
  for (const { key: patternKey, words, names } of patterns) {
    const found = words.exec(text);
    if (!found) continue;
    const values: MessageValues = {};
    names.forEach((name, i) => (values[name] = readValue(found[i + 1]!)));
    return t(patternKey, values);
  }
  return text;
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
