import { describe, expect, it } from 'vitest';
import { SONG_DETAIL_TEXTS } from '@segue/shared';
import type { SetlistDetails } from '@segue/shared';
import { orderLabels } from './order-labels.ts';
import { SetlistFormSchema, emptyItemRow, formValuesOf, songRow } from './setlist-form-values.ts';
import type { SetlistFormValues } from './setlist-form-values.ts';

const song = (id: string) =>
  ({
    _id: id,
    title: id,
    artist: '',
    key: null,
    parts: [],
  }) as unknown as SetlistDetails['songs'][number]['song'];

const stored: SetlistDetails = {
  _id: 's1',
  name: 'Sunday',
  date: '2030-05-12T00:00:00.000Z',
  notes: '',
  teamId: 't1',
  songs: [
    { song: song('a'), leader: 'u1', key: 'A', duration: 270, tempo: 76 },
    { song: song('b'), leader: null, key: null, duration: null, tempo: null },
  ],
  items: [
    { title: 'Welcome', notes: 'Announcements', duration: 120, at: 0 },
    { title: 'Sermon', notes: '', duration: 1800, at: 1 },
  ],
  startTime: '10:00',
  clickOnStep: 'stop',
  lyricLanguages: ['es', 'en'],
  positions: [],
  currentIndex: 0,
  currentPartLabel: null,
  currentItem: null,
  createdAt: '',
  updatedAt: '',
};

const base = { name: 'Sunday', date: '2030-05-12', startTime: '', notes: '', positions: [] };

describe('the setlist form values', () => {
  it('lay the stored songs and items out in the order of service, durations as m:ss', () => {
    const values = formValuesOf(stored);
    expect(values.startTime).toBe('10:00');
    expect(values.order).toEqual([
      { kind: 'item', title: 'Welcome', notes: 'Announcements', duration: '2:00' },
      { kind: 'song', song: 'a', leader: 'u1', key: 'A', tempo: '76', duration: '4:30' },
      { kind: 'item', title: 'Sermon', notes: '', duration: '30:00' },
      { kind: 'song', song: 'b', leader: null, key: null, tempo: '', duration: '' },
    ]);
    expect(values.clickOnStep).toBe('stop');
    expect(values.lyricLanguages).toEqual(['es', 'en']);
  });

  it("save as the spec's songs and the items placed among them, and read back the same", () => {
    const checked = SetlistFormSchema.parse(formValuesOf(stored));
    expect(checked.songs).toEqual([
      { song: 'a', leader: 'u1', key: 'A', tempo: 76, duration: 270 },
      { song: 'b', leader: null, key: null, tempo: null, duration: null },
    ]);
    expect(checked.items).toEqual([
      { title: 'Welcome', notes: 'Announcements', duration: 120, at: 0 },
      { title: 'Sermon', notes: '', duration: 1800, at: 1 },
    ]);
    expect(checked.startTime).toBe('10:00');
    expect(checked.clickOnStep).toBe('stop');
    // The screens' languages, first over second, as stored.
    expect(checked.lyricLanguages).toEqual(['es', 'en']);
  });

  it("start a new setlist on the click following each song, and each entry on its song's tempo", () => {
    const values = formValuesOf();
    expect(values.clickOnStep).toBe('follow');
    expect(values.lyricLanguages).toEqual([]);
    expect(SetlistFormSchema.parse({ ...values, ...base, order: [songRow('a')] })).toMatchObject({
      clickOnStep: 'follow',
      songs: [{ song: 'a', tempo: null }],
    });
  });

  it("read an entry kept on a device before entries had tempos as on its song's tempo", () => {
    const { tempo: _tempo, ...older } = stored.songs[0]!;
    const values = formValuesOf({ ...stored, songs: [older] });
    expect(values.order[1]).toMatchObject({ kind: 'song', song: 'a', tempo: '' });
  });

  it("send a typed tempo as BPM and an empty one as null (the song's own)", () => {
    const order = ['80', ' 96 ', '', '20', '400'].map((tempo) => songRow('a', null, null, tempo));
    const checked = SetlistFormSchema.parse({ ...base, clickOnStep: 'stop', order });
    expect(checked.songs.map((entry) => entry.tempo)).toEqual([80, 96, null, 20, 400]);
    expect(checked.clickOnStep).toBe('stop');
  });

  it("refuse a tempo out of the song's limits or not whole, with the shared message, at its field", () => {
    const order = ['19', '401', '72.5', 'fast', '-5'].map((tempo) =>
      songRow('a', null, null, tempo),
    );
    const result = SetlistFormSchema.safeParse({ ...base, order });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      order.map((_row, index) => [`order.${index}.tempo`, SONG_DETAIL_TEXTS.tempo]),
    );
    expect(SONG_DETAIL_TEXTS.tempo).toBe(
      'Tempo must be a whole number of beats per minute from 20 to 400.',
    );
  });

  it("refuse a click setting other than 'follow' or 'stop' with the shared message", () => {
    const result = SetlistFormSchema.safeParse({ ...base, clickOnStep: 'fade', order: [] });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['clickOnStep'],
      message: "When the song changes, the click follows it or stops ('follow' or 'stop').",
    });
  });

  it('read durations as minutes, m:ss or h:mm:ss, and none when empty', () => {
    const order = ['5', '4:05', '1:02:00', ''].map((duration) => ({
      ...songRow('a'),
      duration,
    }));
    const checked = SetlistFormSchema.parse({ ...base, order });
    expect(checked.songs.map((entry) => entry.duration)).toEqual([300, 245, 3720, null]);
    expect(checked.items).toEqual([]);
    // An empty Start time clears the saved one (left out, the server would keep it).
    expect(checked.startTime).toBeNull();
  });

  it('refuse a duration that is not one, and an item without a title, at their fields', () => {
    const values: SetlistFormValues = {
      ...base,
      order: [
        { ...songRow('a'), duration: 'soon' },
        { ...emptyItemRow(), title: '  ' },
      ],
    };
    const result = SetlistFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['order.0.duration', 'Duration must be minutes or m:ss.'],
      ['order.1.title', 'An item needs a title.'],
    ]);
  });

  it('hold the shared limits: a duration of at most 6 hours, at most 100 songs', () => {
    const long = SetlistFormSchema.safeParse({
      ...base,
      order: [{ ...emptyItemRow(), title: 'Vigil', duration: '7:00:00' }],
    });
    expect(long.error?.issues[0]).toMatchObject({
      path: ['order', 0, 'duration'],
      message: 'A duration can be at most 6 hours.',
    });
    const many = SetlistFormSchema.safeParse({
      ...base,
      order: Array.from({ length: 101 }, () => songRow('a')),
    });
    expect(many.error?.issues[0]).toMatchObject({
      path: ['order'],
      message: 'A setlist can hold at most 100 songs.',
    });
  });
});

describe("the order's row names", () => {
  it('name a reprise, an untitled item and a repeated item apart', () => {
    expect(
      orderLabels([
        { kind: 'item', title: 'Prayer' },
        { kind: 'song', title: 'Holy Forever' },
        { kind: 'item', title: ' ' },
        { kind: 'item', title: 'Prayer' },
        { kind: 'song', title: 'Holy Forever' },
        { kind: 'item', title: 'Holy Forever' },
      ]),
    ).toEqual([
      'Prayer',
      'Holy Forever',
      'Untitled item',
      'Prayer (2)',
      'Holy Forever (reprise)',
      'Holy Forever (2)',
    ]);
  });
});
