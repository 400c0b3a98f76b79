import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../lib/api-client.ts';
import { NetworkError } from '../../../lib/api-client.ts';
import { memoryStorage } from '../../../lib/memory-storage.ts';
import {
  keepRecording,
  recordingRemovalCount,
  removeKeptData,
} from '../../../lib/offline/kept-data.ts';
import { offlineRecordings, selectedTeamId } from '../../../lib/storage.ts';
import { recordingBytes } from './song-media.ts';

// A recording kept on this device for practice is read from there, never downloaded
// (docs/DECISIONS.md, "Recordings kept for practice").

const download = vi.hoisted(() => ({ paths: [] as string[], offline: false }));

vi.mock('../../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClient>();
  return {
    ...actual,
    apiDownload: vi.fn((path: string) => {
      download.paths.push(path);
      if (download.offline) {
        return Promise.reject(new actual.NetworkError(new TypeError('Failed to fetch')));
      }
      return Promise.resolve({ blob: new Blob(['from the server']), filename: null });
    }),
  };
});

beforeEach(async () => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  download.paths = [];
  download.offline = false;
  await removeKeptData();
  offlineRecordings.set(true);
  selectedTeamId.set('team-a');
  await keepRecording(
    {
      id: 'take-1',
      teamId: 'team-a',
      songId: 's1',
      type: 'audio/wav',
      size: 4,
      blob: new Blob(['kept']),
      keptAt: 1,
    },
    recordingRemovalCount(),
  );
});

afterEach(() => {
  selectedTeamId.clear();
  vi.unstubAllGlobals();
});

describe('recordingBytes', () => {
  it('reads a kept recording without asking the server', async () => {
    download.offline = true;
    expect(await (await recordingBytes('take-1')).text()).toBe('kept');
    expect(download.paths).toEqual([]);
  });

  it('downloads one not kept, or kept for another team, and fails offline', async () => {
    expect(await (await recordingBytes('take-2')).text()).toBe('from the server');
    selectedTeamId.set('team-b');
    expect(await (await recordingBytes('take-1')).text()).toBe('from the server');
    expect(download.paths).toEqual(['/media/take-2', '/media/take-1']);
    download.offline = true;
    await expect(recordingBytes('take-2')).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not look for a copy while the device keeps no recordings', async () => {
    offlineRecordings.set(false);
    expect(await (await recordingBytes('take-1')).text()).toBe('from the server');
  });
});
