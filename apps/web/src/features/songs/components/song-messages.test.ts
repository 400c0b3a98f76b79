import { afterEach, describe, expect, it } from 'vitest';
import {
  KeySchema,
  SONG_DETAIL_TEXTS,
  SONG_LANGUAGE_TEXTS,
  SONG_PROBLEM_TEXTS,
  songProblem,
} from '@segue/shared';
import {
  CHORDPRO_TEXTS,
  PLAIN_TEXT_TEXTS,
  REPEAT_TEXTS,
  parsePastedChart,
} from '@segue/shared/formats';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { CHART_TEXTS } from './song-chart-text.ts';
import { CHART_VIEW_TEXTS } from './song-form-state.ts';
import { ruledMessage, songMessageText } from './song-messages.ts';

const KEY_MESSAGE = KeySchema.safeParse('').error?.issues[0]?.message ?? '';

/** One message of every kind the form and "Paste chart" show. */
const MESSAGES = [
  ...Object.values(SONG_DETAIL_TEXTS),
  SONG_PROBLEM_TEXTS.title,
  SONG_PROBLEM_TEXTS.noParts,
  SONG_PROBLEM_TEXTS.unlabelled(2),
  SONG_PROBLEM_TEXTS.lineless('Verse 1'),
  SONG_PROBLEM_TEXTS.titleLength,
  SONG_PROBLEM_TEXTS.artistLength,
  SONG_PROBLEM_TEXTS.tooManyParts,
  SONG_PROBLEM_TEXTS.labelLength,
  SONG_PROBLEM_TEXTS.tooManyLines('Chorus'),
  SONG_PROBLEM_TEXTS.lineLength('Bridge'),
  SONG_LANGUAGE_TEXTS.tag,
  SONG_LANGUAGE_TEXTS.lines,
  SONG_LANGUAGE_TEXTS.translations,
  SONG_LANGUAGE_TEXTS.tooManyLines('Verse', 'es'),
  SONG_LANGUAGE_TEXTS.twice('Verse', 'es'),
  SONG_LANGUAGE_TEXTS.mainLanguage('Verse', 'en'),
  SONG_LANGUAGE_TEXTS.lineLength('Verse'),
  KEY_MESSAGE,
  CHART_VIEW_TEXTS.notAsChart,
  CHART_TEXTS.notKept('{comment: softly}'),
  CHART_TEXTS.atLine(4, SONG_PROBLEM_TEXTS.lineless('Verse 1')),
  CHORDPRO_TEXTS.notUsed('{key: H}', KEY_MESSAGE),
  CHORDPRO_TEXTS.notUsed('{transpose: x}', CHORDPRO_TEXTS.transpose),
  CHORDPRO_TEXTS.unknown('{flavour: mint}'),
  CHORDPRO_TEXTS.transpose,
  CHORDPRO_TEXTS.noChorus('{chorus}'),
  CHORDPRO_TEXTS.recallInSection('{chorus}'),
  CHORDPRO_TEXTS.nested('{start_of_verse}'),
  CHORDPRO_TEXTS.strayEnd('{end_of_verse}'),
  CHORDPRO_TEXTS.unclosed('{start_of_chorus}'),
  CHORDPRO_TEXTS.noTitle,
  CHORDPRO_TEXTS.noSong,
  PLAIN_TEXT_TEXTS.holdsOnly,
  PLAIN_TEXT_TEXTS.noSong,
  PLAIN_TEXT_TEXTS.directive('{title: x}'),
  PLAIN_TEXT_TEXTS.comment('softly'),
  PLAIN_TEXT_TEXTS.badKey('H'),
  PLAIN_TEXT_TEXTS.badCapo('13'),
  PLAIN_TEXT_TEXTS.emptyPart('Tag'),
  REPEAT_TEXTS.leftOut,
];

afterEach(async () => {
  await activateLocale('en');
});

describe('song messages in the active language', () => {
  it('knows every message, and says each in English word for word as @segue/shared does', () => {
    for (const message of MESSAGES) {
      expect(ruledMessage(message), message).toBe(message);
      expect(songMessageText(message)).toBe(message);
    }
  });

  it('says them in German, a message inside another one too', async () => {
    await activateLocale('de');
    expect(songMessageText(SONG_PROBLEM_TEXTS.unlabelled(2))).toBe('Teil 2 hat keine Bezeichnung.');
    expect(songMessageText(songProblem({ title: '', parts: [] })!)).toBe(
      'Ein Titel ist erforderlich.',
    );
    expect(
      songMessageText(CHART_TEXTS.atLine(4, CHORDPRO_TEXTS.notUsed('{key: H}', KEY_MESSAGE))),
    ).toBe('Zeile 4: {key: H} wurde nicht verwendet: Wähle eine Tonart wie G, Bb oder F#m.');
    for (const message of MESSAGES) expect(songMessageText(message), message).not.toBe(message);
    expect(songMessageText('Something else.')).toBe('Something else.');
  });

  it("knows the paste parser's warnings", async () => {
    const { warnings } = parsePastedChart(
      '{title: Hymn}\n{key: H}\n{capo: 40}\n{flavour: mint}\n{chorus}\n[Verse]\nG\nWords\n{end_of_chorus}',
    );
    expect(warnings.length).toBeGreaterThan(2);
    for (const { message } of warnings) expect(ruledMessage(message), message).not.toBeNull();
  });
});
