import { describe, expect, it } from 'vitest';
import { SONG_LANGUAGE_TEXTS } from '@segue/shared';
import type { Song } from '@segue/shared';
import type { SongDraft, SongDraftAction } from './song-form-state.ts';
import {
  chartOfParts,
  chartPartKeys,
  chartSongInput,
  draftSnapshot,
  draftToSong,
  initialDraft,
  songDraftReducer,
} from './song-form-state.ts';
import { readChartText } from './song-chart-text.ts';

const apply = (draft: SongDraft, ...actions: SongDraftAction[]) =>
  actions.reduce(songDraftReducer, draft);

const song: Song = {
  _id: 's1',
  title: 'Holy, Holy, Holy',
  artist: 'Reginald Heber',
  key: 'D',
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
  authors: [],
  language: 'en',
  parts: [
    {
      id: 'v1',
      label: 'Verse 1',
      lines: [
        { chords: 'D', lyrics: 'Holy, holy, holy' },
        { chords: 'A', lyrics: 'Lord God Almighty' },
      ],
      translations: [{ lang: 'es', lines: ['Santo, santo, santo', 'Señor omnipotente'] }],
    },
  ],
  teamId: 't1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a song’s languages in the form', () => {
  it('sends a song back with its language and its parts’ translations, unchanged', () => {
    const draft = initialDraft(song);
    expect(draft.view).toBe('chart');
    const { input, problem } = chartSongInput(draft);
    expect(problem).toBeNull();
    expect(input.language).toBe('en');
    expect(input.parts).toEqual(song.parts);
    // Line by line too, and the same snapshot in both views.
    const text = chartOfParts(draft.parts).text ?? '';
    const lines = apply(
      draft,
      { type: 'showChart', text },
      { type: 'showLines', chart: readChartText(text).chart },
    );
    expect(draftToSong(lines).parts).toEqual(song.parts);
    expect(draftSnapshot(lines)).toBe(draftSnapshot(draft));
  });

  it('adds a translation to a part line by line; its lines move with theirs', () => {
    const lines = apply(
      initialDraft({ ...song, parts: [{ ...song.parts[0]!, translations: [] }] }),
      {
        type: 'showLines',
        chart: readChartText(chartOfParts(initialDraft(song).parts).text!).chart,
      },
    );
    const added = apply(lines, { type: 'addTranslation', part: 0, lang: 'pt' });
    const key = added.parts[0]!.translations!.at(-1)!.key;
    const typed = apply(
      added,
      { type: 'setTranslationLine', part: 0, line: 0, translation: key, value: 'Santo' },
      { type: 'setTranslationLine', part: 0, line: 1, translation: key, value: 'Senhor' },
      { type: 'moveLine', part: 0, line: 1, to: 0 },
    );
    const pt = draftToSong(typed).parts[0]!.translations?.find((t) => t.lang === 'pt');
    expect(pt).toEqual({ lang: 'pt', lines: ['Senhor', 'Santo'] });
    const removed = apply(typed, { type: 'removeTranslation', part: 0, translation: key });
    expect(draftToSong(removed).parts[0]!.translations).toEqual([]);
  });

  it('takes a translation pasted as a block of lines under a part of the chart', () => {
    const typed = apply(
      initialDraft(),
      {
        type: 'setTitle',
        title: 'Holy',
      },
      {
        type: 'setChartText',
        text: '[Verse 1]\nD\nHoly, holy, holy\nA\nLord God Almighty\n\n[Chorus]\nAmen\n',
      },
    );
    const [verse] = chartPartKeys(readChartText(typed.chart.text).chart.parts);
    const added = apply(typed, { type: 'addChartTranslation', part: verse!, lang: 'es' });
    const block = added.chartTranslations[0]!;
    const pasted = apply(added, {
      type: 'setChartTranslation',
      translation: block.key,
      text: 'Santo, santo, santo\nSeñor omnipotente\n\n',
    });
    const { input, problem } = chartSongInput(pasted);
    expect(problem).toBeNull();
    expect(input.parts.map((p) => p.translations)).toEqual([
      [{ lang: 'es', lines: ['Santo, santo, santo', 'Señor omnipotente'] }],
      [],
    ]);
    // The block stays under its part while the chart is typed around it.
    const moved = apply(pasted, {
      type: 'setChartText',
      text: '[Chorus]\nAmen\n\n[Verse 1]\nD\nHoly, holy, holy\nA\nLord God Almighty\n',
    });
    expect(chartSongInput(moved).input.parts[1]?.translations?.[0]?.lang).toBe('es');
  });

  it('says so when a block has more lines than its part, at the block', () => {
    const typed = apply(
      initialDraft(),
      {
        type: 'setTitle',
        title: 'Amen',
      },
      { type: 'setChartText', text: '[Chorus]\nAmen\n' },
    );
    const [chorus] = chartPartKeys(readChartText(typed.chart.text).chart.parts);
    const added = apply(typed, { type: 'addChartTranslation', part: chorus!, lang: 'es' });
    const key = added.chartTranslations[0]!.key;
    const long = apply(added, {
      type: 'setChartTranslation',
      translation: key,
      text: 'Amén\nAmén',
    });
    expect(chartSongInput(long).problem).toEqual({
      text: SONG_LANGUAGE_TEXTS.tooManyLines('Chorus', 'es'),
      field: `chartTranslations.${key}`,
    });
  });
});
