import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n/i18n.ts';
import { nextStepsOf } from './next-steps.ts';

const summary = (stats: { members: number; songs: number; setlists: number }, isAdmin: boolean) =>
  nextStepsOf(stats, isAdmin)?.map((step) => [t(step.title), step.to, step.done]) ?? null;

describe('a new team’s next steps', () => {
  it('lists adding songs, planning a setlist and, for admins, inviting people', () => {
    expect(summary({ members: 1, songs: 0, setlists: 0 }, true)).toEqual([
      ['Add songs', '/songs/new', false],
      ['Plan a setlist', '/setlists/new', false],
      ['Invite people', '/teams?tab=invitations', false],
    ]);
  });

  it('leaves out inviting people for members who are no admins', () => {
    expect(summary({ members: 3, songs: 0, setlists: 0 }, false)).toEqual([
      ['Add songs', '/songs/new', false],
      ['Plan a setlist', '/setlists/new', false],
    ]);
  });

  it('marks each step done by the team’s counts', () => {
    expect(summary({ members: 2, songs: 4, setlists: 0 }, true)).toEqual([
      ['Add songs', '/songs/new', true],
      ['Plan a setlist', '/setlists/new', false],
      ['Invite people', '/teams?tab=invitations', true],
    ]);
    expect(summary({ members: 1, songs: 0, setlists: 1 }, true)?.map(([, , done]) => done)).toEqual(
      [false, true, false],
    );
  });

  it('is gone once the team has songs and setlists, invited or not', () => {
    expect(summary({ members: 2, songs: 1, setlists: 1 }, true)).toBeNull();
    expect(summary({ members: 1, songs: 1, setlists: 1 }, true)).toBeNull();
    expect(summary({ members: 5, songs: 1, setlists: 1 }, false)).toBeNull();
  });
});
