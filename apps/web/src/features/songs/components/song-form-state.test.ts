import { describe, expect, it } from 'vitest';
import { SONG_DETAIL_TEXTS } from '@segue/shared';
import type { Song } from '@segue/shared';
import { readChartText } from './song-chart-text.ts';
import type { SongDraft, SongDraftAction } from './song-form-state.ts';
import {
  chartOfParts,
  chartSongInput,
  draftSnapshot,
  draftToSong,
  hasMoreDetails,
  initialDraft,
  songDraftReducer,
  songFormProblem,
} from './song-form-state.ts';

const song: Song = {
  _id: 's1',
  title: 'Amazing Grace',
  artist: 'John Newton',
  key: 'Bb',
  capo: 3,
  tempo: 72,
  time: '6/8',
  ccli: '22025',
  copyright: 'Public Domain',
  authors: [
    { name: 'John Newton', type: 'words' },
    { name: 'Traditional', type: 'music' },
  ],
  language: null,
  parts: [
    {
      id: 'p1',
      label: 'Verse 1',
      lines: [{ chords: 'G', lyrics: 'Amazing grace' }],
      translations: [],
    },
    {
      id: 'intro-x',
      label: 'Chorus',
      lines: [{ chords: '', lyrics: 'How sweet' }],
      translations: [],
    },
  ],
  teamId: 't1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const apply = (draft: SongDraft, ...actions: SongDraftAction[]) =>
  actions.reduce(songDraftReducer, draft);

describe('song form state', () => {
  it('sends an edited song back with its details and its parts’ ids', () => {
    expect(draftToSong(initialDraft(song))).toEqual({
      title: song.title,
      artist: song.artist,
      language: null,
      key: 'Bb',
      capo: 3,
      tempo: 72,
      time: '6/8',
      ccli: '22025',
      copyright: 'Public Domain',
      authors: song.authors,
      parts: song.parts,
    });
  });

  it('sends a part added in the form without an id, and keeps the others’ ids when moved', () => {
    const draft = apply(
      initialDraft(song),
      { type: 'addPart' },
      { type: 'movePart', part: 2, to: 0 },
    );
    expect(draftToSong(draft).parts.map((part) => part.id)).toEqual([undefined, 'p1', 'intro-x']);
    expect(draftToSong(draft).parts[0]).not.toHaveProperty('id');
  });

  it('sends empty details as null (capo 0, copyright empty) and numbers as numbers', () => {
    const empty = draftToSong(initialDraft());
    expect(empty).toMatchObject({
      key: null,
      capo: 0,
      tempo: null,
      time: null,
      ccli: null,
      copyright: '',
      authors: [],
    });
    const typed = draftToSong(
      apply(
        initialDraft(),
        { type: 'setDetail', field: 'tempo', value: ' 120 ' },
        { type: 'setDetail', field: 'time', value: ' 4/4 ' },
        { type: 'setCapo', capo: 5 },
      ),
    );
    expect(typed).toMatchObject({ tempo: 120, time: '4/4', capo: 5 });
  });

  it('names the spec’s problems first, then the details’ in the order the form shows them', () => {
    const badTime = apply(initialDraft(), { type: 'setDetail', field: 'time', value: '6/0' });
    // No title yet: the spec's first message wins.
    expect(songFormProblem(draftToSong(badTime))?.text).toBe('Title is required.');

    const titled = apply(
      badTime,
      { type: 'setTitle', title: 'T' },
      { type: 'setLabel', part: 0, label: 'Verse' },
      { type: 'setDetail', field: 'tempo', value: '7x' },
    );
    expect(songFormProblem(draftToSong(titled))).toEqual({
      text: SONG_DETAIL_TEXTS.tempo,
      field: 'tempo',
    });
    const tempoFixed = apply(titled, { type: 'setDetail', field: 'tempo', value: '72' });
    expect(songFormProblem(draftToSong(tempoFixed))).toEqual({
      text: SONG_DETAIL_TEXTS.time,
      field: 'time',
    });
    const unnamed = apply(
      tempoFixed,
      { type: 'setDetail', field: 'time', value: '6/8' },
      { type: 'addAuthor' },
      { type: 'setAuthorName', author: 0, name: 'Ann' },
      { type: 'addAuthor' },
    );
    expect(songFormProblem(draftToSong(unnamed))).toEqual({
      text: SONG_DETAIL_TEXTS.authorName,
      field: 'authors.1.name',
    });
    const named = apply(unnamed, { type: 'setAuthorName', author: 1, name: 'Bo' });
    expect(songFormProblem(draftToSong(named))).toBeNull();
    expect(draftToSong(named).authors).toEqual([
      { name: 'Ann', type: 'words' },
      { name: 'Bo', type: 'music' },
    ]);
  });

  it('names the field of the spec’s problems, so the form can show them there', () => {
    const unlabelled = apply(initialDraft(), { type: 'setTitle', title: 'T' }, { type: 'addPart' });
    expect(songFormProblem(draftToSong(unlabelled))).toEqual({
      text: 'Part 1 is missing a label.',
      field: 'parts.0.label',
    });
    const lineless = apply(
      unlabelled,
      { type: 'setLabel', part: 0, label: 'Verse' },
      { type: 'setLabel', part: 1, label: 'Chorus' },
      { type: 'removeLine', part: 1, line: 0 },
    );
    expect(songFormProblem(draftToSong(lineless))).toEqual({
      text: 'Part "Chorus" needs at least one line.',
      field: 'parts.1.lines',
    });
    expect(songFormProblem(draftToSong(initialDraft()))?.field).toBe('title');
  });

  it('adds an empty line where asked, and turns one line into several pasted ones', () => {
    const three = apply(
      initialDraft(song),
      { type: 'addLine', part: 0 },
      { type: 'setLine', part: 0, line: 1, field: 'lyrics', value: 'last' },
      { type: 'addLine', part: 0, at: 1 },
    );
    expect(draftToSong(three).parts[0]?.lines).toEqual([
      { chords: 'G', lyrics: 'Amazing grace' },
      { chords: '', lyrics: '' },
      { chords: '', lyrics: 'last' },
    ]);

    const keyBefore = three.parts[0]?.lines[1]?.key;
    const pasted = apply(three, {
      type: 'replaceLine',
      part: 0,
      line: 1,
      lines: [
        { chords: 'C', lyrics: 'How sweet' },
        { chords: '', lyrics: 'the sound' },
      ],
    });
    const lines = pasted.parts[0]?.lines ?? [];
    expect(lines.map(({ chords, lyrics }) => [chords, lyrics])).toEqual([
      ['G', 'Amazing grace'],
      ['C', 'How sweet'],
      ['', 'the sound'],
      ['', 'last'],
    ]);
    // The line pasted into stays the same input; the new ones are new.
    expect(lines[1]?.key).toBe(keyBefore);
    expect(new Set(lines.map((l) => l.key)).size).toBe(4);
  });

  it('tells a changed draft from one that would save the same song', () => {
    const start = initialDraft(song);
    // A fresh copy has new keys but is the same song.
    expect(draftSnapshot(initialDraft(song))).toBe(draftSnapshot(start));
    const typed = apply(start, { type: 'setTitle', title: 'Amazing Grace!' });
    expect(draftSnapshot(typed)).not.toBe(draftSnapshot(start));
    const undone = apply(typed, { type: 'setTitle', title: 'Amazing Grace' });
    expect(draftSnapshot(undone)).toBe(draftSnapshot(start));
    const tempo = apply(start, { type: 'setDetail', field: 'tempo', value: '72 ' });
    expect(draftSnapshot(tempo)).not.toBe(draftSnapshot(start));
    const moved = apply(start, { type: 'movePart', part: 1, to: 0 });
    expect(draftSnapshot(moved)).not.toBe(draftSnapshot(start));
    expect(draftSnapshot(initialDraft())).toBe(draftSnapshot(initialDraft()));
  });

  it('unfolds "More details" for a song with a CCLI number, a copyright or authors', () => {
    expect(hasMoreDetails(initialDraft().details)).toBe(false);
    expect(hasMoreDetails(initialDraft(song).details)).toBe(true);
    const blankAuthor = apply(initialDraft(), { type: 'addAuthor' });
    expect(hasMoreDetails(blankAuthor.details)).toBe(true);
  });
});

describe('the song form as one chart', () => {
  const chartOf = (draft: SongDraft) => draft.chart.text;

  it('opens a song as its chart and turns the text back into the same parts, ids kept', () => {
    const start = initialDraft(song);
    expect(start.view).toBe('chart');
    expect(chartOf(start)).toBe('[Verse 1]\nG\nAmazing grace\n\n[Chorus]\nHow sweet\n');
    const { input, problem } = chartSongInput(start);
    expect(problem).toBeNull();
    expect(input.parts).toEqual(song.parts);
    expect(input).toMatchObject({ title: 'Amazing Grace', key: 'Bb', capo: 3 });

    // Lines typed in the chart: the Chorus keeps its id although it moved, a new part has none.
    const typed = apply(start, {
      type: 'setChartText',
      text: '[Chorus]\nHow sweet\n\n[Verse 1]\nG      C\nAmazing grace\nThat saved\n\n[Bridge]\nOh\n',
    });
    expect(draftSnapshot(typed)).not.toBe(draftSnapshot(start));
    expect(chartSongInput(typed).input.parts).toEqual([
      {
        id: 'intro-x',
        label: 'Chorus',
        lines: [{ chords: '', lyrics: 'How sweet' }],
        translations: [],
      },
      {
        id: 'p1',
        label: 'Verse 1',
        lines: [
          { chords: 'G      C', lyrics: 'Amazing grace' },
          { chords: '', lyrics: 'That saved' },
        ],
        translations: [],
      },
      { label: 'Bridge', lines: [{ chords: '', lyrics: 'Oh' }], translations: [] },
    ]);
  });

  it('switches views keeping what was typed, both ways', () => {
    const typed = apply(initialDraft(), {
      type: 'setChartText',
      text: '[Verse 1]\nD          G\nBlessed assurance\n\n[Chorus]\nThis is my story\n',
    });
    const lines = apply(typed, {
      type: 'showLines',
      chart: chartSongInputChart(typed),
    });
    expect(lines.view).toBe('lines');
    expect(draftToSong(lines).parts).toEqual([
      {
        label: 'Verse 1',
        lines: [{ chords: 'D          G', lyrics: 'Blessed assurance' }],
        translations: [],
      },
      { label: 'Chorus', lines: [{ chords: '', lyrics: 'This is my story' }], translations: [] },
    ]);
    const edited = apply(lines, { type: 'setLine', part: 1, line: 0, field: 'chords', value: 'A' });
    const back = chartOfParts(edited.parts);
    expect(back.problem).toBeNull();
    const chart = apply(edited, { type: 'showChart', text: back.text ?? '' });
    expect(chartOf(chart)).toBe(
      '[Verse 1]\nD          G\nBlessed assurance\n\n[Chorus]\nA\nThis is my story\n',
    );
    // An empty chart switched to lines starts as a new song does: one part, one empty line.
    const empty = apply(initialDraft(), {
      type: 'showLines',
      chart: chartSongInputChart(initialDraft()),
    });
    expect(draftToSong(empty).parts).toEqual([
      { label: '', lines: [{ chords: '', lyrics: '' }], translations: [] },
    ]);
    // ... and that untouched part does not keep the chart view from opening.
    expect(chartOfParts(empty.parts)).toEqual({ text: '', problem: null });
  });

  it('keeps lines whose part has no label out of the chart view, with the spec message', () => {
    const draft = apply(
      initialDraft(),
      { type: 'showLines', chart: chartSongInputChart(initialDraft()) },
      { type: 'setLabel', part: 0, label: 'Verse 1' },
      { type: 'setLine', part: 0, line: 0, field: 'lyrics', value: 'One' },
      { type: 'addPart' },
      { type: 'setLine', part: 1, line: 0, field: 'lyrics', value: 'Two' },
    );
    expect(chartOfParts(draft.parts)).toEqual({
      text: null,
      problem: { text: 'Part 2 is missing a label.', field: 'parts.1.label' },
    });
  });

  it("checks the chart in the spec's order, saying where the chart cannot be read", () => {
    const withText = (title: string, text: string) =>
      chartSongInput(
        apply(initialDraft(), { type: 'setTitle', title }, { type: 'setChartText', text }),
      ).problem;
    expect(withText(' ', '[Bridge]\n')).toEqual({ text: 'Title is required.', field: 'title' });
    expect(withText('Song', '')).toEqual({
      text: 'At least one part is required.',
      field: 'chart',
    });
    expect(withText('Song', '[Verse 1]\nOne\n\n[Bridge]\n')).toEqual({
      text: 'Part "Bridge" needs at least one line.',
      field: 'chart',
      line: 4,
    });
    expect(withText('Song', '[G]One\n{tempo: fast}\n')).toMatchObject({ field: 'chart', line: 2 });
    expect(withText('Song', '[Verse 1]\nOne\n')).toBeNull();
    // The chart's details fill the fields left empty, the title too.
    const named = chartSongInput(
      apply(initialDraft(), { type: 'setChartText', text: 'Title: Grace\n\n[Verse 1]\nOne\n' }),
    );
    expect(named.problem).toBeNull();
    expect(named.input.title).toBe('Grace');
  });
});

/** The chart view's text as read, as the form hands it to the line-by-line view. */
function chartSongInputChart(draft: SongDraft) {
  return readChartText(draft.chart.text).chart;
}
