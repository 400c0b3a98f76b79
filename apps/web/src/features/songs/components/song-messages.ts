import {
  DEFAULT_LOCALE,
  KeySchema,
  SONG_DETAIL_TEXTS,
  SONG_LANGUAGE_TEXTS,
  SONG_LIMITS,
  SONG_PROBLEM_TEXTS,
} from '@segue/shared';
import { CHORDPRO_TEXTS, PLAIN_TEXT_TEXTS, REPEAT_TEXTS } from '@segue/shared/formats';
import { activeLocale, t } from '../../../lib/i18n/i18n.ts';
import { escapeRegExp } from '../../../lib/i18n/server-texts.ts';
import { CHART_TEXTS } from './song-chart-text.ts';
import { CHART_VIEW_TEXTS } from './song-form-state.ts';

/**
 * A song's problems and the chart readers' warnings come in English, from @segue/shared (the
 * server answers with the same words) and the form's own helpers. The form and "Paste chart"
 * show them in the active language: each message is recognised by its English wording, taken
 * from the constants that make it, and said again through the catalogs' `songs.problem*` and
 * `songs.paste*` keys. A message none of them makes is shown as it came.
 */

/** The English message's arguments, in the order its maker takes them. */
type Show = (args: readonly string[]) => string;

interface Rule {
  pattern: RegExp;
  /** For each group of the pattern, the argument it holds. */
  order: number[];
  show: Show;
}

const MARK = '\u0000';

/** A rule for the English `text`: a constant, or a function made to show where its arguments go. */
function rule(text: string | ((...args: never[]) => string), show: Show): Rule {
  const english =
    typeof text === 'string'
      ? text
      : (text as (...args: string[]) => string)(`${MARK}0${MARK}`, `${MARK}1${MARK}`);
  const order: number[] = [];
  let source = '';
  english.split(MARK).forEach((piece, i) => {
    if (i % 2 === 0) source += escapeRegExp(piece);
    else {
      source += '([\\s\\S]*?)';
      order.push(Number(piece));
    }
  });
  return { pattern: new RegExp(`^${source}$`), order, show };
}

// The key's message lives beside its schema and is not exported on its own: ask the schema.
const KEY_MESSAGE = KeySchema.safeParse('').error?.issues[0]?.message;

const max = (limit: number) => String(limit);

let rules: Rule[] | null = null;

function allRules(): Rule[] {
  if (rules) return rules;
  const L = SONG_LIMITS;
  const P = SONG_PROBLEM_TEXTS;
  const D = SONG_DETAIL_TEXTS;
  const G = SONG_LANGUAGE_TEXTS;
  const C = CHORDPRO_TEXTS;
  const T = PLAIN_TEXT_TEXTS;
  rules = [
    // Messages that hold another message: the form's "Line 4: …", a directive not used and why.
    rule(CHART_TEXTS.atLine, ([line = '', text = '']) =>
      t('songs.problemAtLine', { line, text: songMessageText(text) }),
    ),
    rule(C.notUsed, ([line = '', why = '']) =>
      t('songs.pasteNotUsed', { line, why: songMessageText(why) }),
    ),
    rule(P.title, () => t('songs.problemTitle')),
    rule(P.noParts, () => t('songs.problemNoParts')),
    rule(P.unlabelled, ([part = '']) => t('songs.problemUnlabelled', { part })),
    rule(P.lineless, ([label = '']) => t('songs.problemLineless', { label })),
    rule(P.titleLength, () => t('songs.problemTitleLength', { max: max(L.titleMaxLength) })),
    rule(P.artistLength, () => t('songs.problemArtistLength', { max: max(L.artistMaxLength) })),
    rule(P.tooManyParts, () => t('songs.problemTooManyParts', { max: max(L.maxParts) })),
    rule(P.labelLength, () => t('songs.problemLabelLength', { max: max(L.labelMaxLength) })),
    rule(P.tooManyLines, ([label = '']) =>
      t('songs.problemTooManyLines', { label, max: max(L.maxLinesPerPart) }),
    ),
    rule(P.lineLength, ([label = '']) =>
      t('songs.problemLineLength', { label, max: max(L.lineMaxLength) }),
    ),
    rule(G.tag, () => t('songs.problemLanguageTag')),
    rule(G.lines, () => t('songs.problemTranslationLines')),
    rule(G.translations, () =>
      t('songs.problemTranslations', { max: max(L.maxTranslationsPerPart) }),
    ),
    rule(G.tooManyLines, ([label = '', lang = '']) =>
      t('songs.problemTranslationTooManyLines', { label, lang }),
    ),
    rule(G.twice, ([label = '', lang = '']) => t('songs.problemTranslationTwice', { label, lang })),
    rule(G.mainLanguage, ([label = '', lang = '']) =>
      t('songs.problemTranslationMainLanguage', { label, lang }),
    ),
    rule(G.lineLength, ([label = '']) =>
      t('songs.problemTranslationLineLength', { label, max: max(L.lineMaxLength) }),
    ),
    rule(D.capo, () => t('songs.problemCapo', { max: max(L.maxCapo) })),
    rule(D.tempo, () => t('songs.problemTempo', { min: max(L.minTempo), max: max(L.maxTempo) })),
    rule(D.time, () => t('songs.problemTime')),
    rule(D.ccli, () => t('songs.problemCcli')),
    rule(D.copyright, () => t('songs.problemCopyright', { max: max(L.copyrightMaxLength) })),
    rule(D.authors, () => t('songs.problemAuthors', { max: max(L.maxAuthors) })),
    rule(D.authorName, () => t('songs.problemAuthorName')),
    rule(D.authorNameLength, () =>
      t('songs.problemAuthorNameLength', { max: max(L.authorNameMaxLength) }),
    ),
    rule(D.authorType, () => t('songs.problemAuthorType')),
    rule(D.partId, () => t('songs.problemPartId')),
    ...(KEY_MESSAGE ? [rule(KEY_MESSAGE, () => t('songs.problemKey'))] : []),
    rule(CHART_VIEW_TEXTS.notAsChart, () => t('songs.problemNotAsChart')),
    rule(CHART_TEXTS.notKept, ([line = '']) => t('songs.problemNotKept', { line })),
    // The chart readers' warnings ("Paste chart", and the chart typed in the form).
    rule(C.unknown, ([line = '']) => t('songs.pasteUnknown', { line })),
    rule(C.transpose, () => t('songs.pasteTranspose')),
    rule(C.noChorus, ([line = '']) => t('songs.pasteNoChorus', { line })),
    rule(C.recallInSection, ([line = '']) => t('songs.pasteRecallInSection', { line })),
    rule(C.nested, ([line = '']) => t('songs.pasteNested', { line })),
    rule(C.strayEnd, ([line = '']) => t('songs.pasteStrayEnd', { line })),
    rule(C.unclosed, ([line = '']) => t('songs.pasteUnclosed', { line })),
    rule(C.noTitle, () => t('songs.pasteNoTitle', { directive: '{title}' })),
    rule(C.noSong, () => t('songs.pasteNoSong')),
    rule(T.holdsOnly, () => t('songs.pasteHoldsOnly')),
    rule(T.noSong, () => t('songs.pasteNothingFound')),
    rule(T.directive, ([text = '']) => t('songs.pasteDirective', { text })),
    rule(T.comment, ([text = '']) => t('songs.pasteComment', { text })),
    rule(T.badKey, ([text = '']) => t('songs.pasteBadKey', { text })),
    rule(T.badCapo, ([text = '']) => t('songs.pasteBadCapo', { text, max: max(L.maxCapo) })),
    rule(T.emptyPart, ([label = '']) => t('songs.pasteEmptyPart', { label })),
    rule(REPEAT_TEXTS.leftOut, () =>
      t('songs.pasteRepeatsLeftOut', {
        parts: max(L.maxParts),
        lines: max(L.maxLinesPerPart),
        characters: max(L.lineMaxLength),
      }),
    ),
  ];
  return rules;
}

/** `message` said by the rule that knows its English wording; null when none does. */
export function ruledMessage(message: string): string | null {
  for (const { pattern, order, show } of allRules()) {
    const found = pattern.exec(message);
    if (!found) continue;
    const args: string[] = [];
    order.forEach((arg, group) => {
      args[arg] = found[group + 1] ?? '';
    });
    return show(args);
  }
  return null;
}

/** A song problem or a chart reader's warning, in the active language. */
export function songMessageText(message: string): string {
  if (activeLocale() === DEFAULT_LOCALE) return message;
  return ruledMessage(message) ?? message;
}
