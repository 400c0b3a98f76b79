import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { keptAccount, keptRecordingIds, keptSetlists, keptSummary } from './kept-data.ts';

// A device that kept the week before recordings could be kept: its database (version 1) is
// upgraded in place, and what it kept stays.

describe('the kept data of version 1', () => {
  it('stays when the recordings’ stores are added', async () => {
    const v1 = await openDB('segue-offline', 1, {
      upgrade(database) {
        database.createObjectStore('meta');
        database.createObjectStore('setlists', { keyPath: 'id' }).createIndex('teamId', 'teamId');
        database.createObjectStore('people', { keyPath: 'key' }).createIndex('teamId', 'teamId');
      },
    });
    await v1.put('meta', { account: { $id: 'u1', name: 'Ann' }, keptAt: 1 }, 'account');
    await v1.put('setlists', {
      id: 'sunday',
      teamId: 'team-a',
      day: '2026-11-29',
      details: { _id: 'sunday', songs: [] },
      keptAt: 2,
      bytes: 100,
    });
    v1.close();

    expect((await keptAccount())?.account.$id).toBe('u1');
    expect((await keptSetlists()).map((s) => s.id)).toEqual(['sunday']);
    expect(await keptRecordingIds()).toEqual([]);
    expect(await keptSummary()).toMatchObject({ setlists: 1, recordings: 0, recordingBytes: 0 });
  });
});
