import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  canInTeam,
  EDITORS_SETTINGS,
  leadsSongAmong,
  leadsSongIn,
  POLICY,
  teamFacts,
  teamRoleOf,
  TEAM_ROLES,
} from './policy.ts';

describe('the shared policy', () => {
  const team = { createdBy: 'olive', admins: ['olive', 'adam'] };

  it('reads a role from the team: its creator owns it, its admins list the rest', () => {
    expect(teamRoleOf(team, 'olive')).toBe('owner');
    expect(teamRoleOf(team, 'adam')).toBe('admin');
    expect(teamRoleOf(team, 'mia')).toBe('member');
  });

  it('lets a member drive only while leading a song of the setlist at hand', () => {
    const setlist = { songs: [{ leader: 'lea' }, { leader: null }] };
    for (const action of ['driveLive', 'announceOnScreen', 'driveScreen'] as const) {
      expect(can({ role: 'member' }, action, { leadsSong: leadsSongIn(setlist, 'lea') })).toBe(
        true,
      );
      expect(can({ role: 'member' }, action, { leadsSong: leadsSongIn(setlist, 'mia') })).toBe(
        false,
      );
      expect(can({ role: 'member' }, action)).toBe(false);
      expect(can({ role: 'admin' }, action)).toBe(true);
      expect(can({ role: 'owner' }, action, { leadsSong: false })).toBe(true);
    }
    expect(leadsSongIn({ songs: [] }, 'lea')).toBe(false);
  });

  it('answers every other cell as the table says, whatever the facts', () => {
    for (const action of ACTIONS) {
      for (const role of TEAM_ROLES) {
        const rule = POLICY[action][role];
        if (typeof rule !== 'boolean') continue;
        expect(can({ role }, action, { leadsSong: true }), `${action} ${role}`).toBe(rule);
        expect(can({ role }, action), `${action} ${role}`).toBe(rule);
      }
    }
  });

  describe('who may change songs and setlists, as the team set it', () => {
    const changes = {
      songEditors: ['editSongs', 'deleteSongs'],
      setlistEditors: ['editSetlists', 'deleteSetlists'],
    } as const;

    it('lets the owner and admins always, a member as the setting says', () => {
      for (const [setting, actions] of Object.entries(changes) as [
        keyof typeof changes,
        readonly string[],
      ][]) {
        for (const action of actions as (typeof changes)[typeof setting]) {
          for (const value of EDITORS_SETTINGS) {
            const facts = {
              ...teamFacts({ songEditors: 'admins', setlistEditors: 'admins' }),
              [setting]: value,
            };
            expect(can({ role: 'owner' }, action, facts)).toBe(true);
            expect(can({ role: 'admin' }, action, facts)).toBe(true);
            expect(can({ role: 'member' }, action, { ...facts, leadsSong: true }), value).toBe(
              value !== 'admins',
            );
            expect(can({ role: 'member' }, action, { ...facts, leadsSong: false }), value).toBe(
              value === 'everyone',
            );
            // At the edge (the thing not read yet) a possible leader is let through.
            expect(canInTeam({ role: 'member' }, action, facts), value).toBe(value !== 'admins');
          }
          // A team's setting unknown refuses a member: never allowed by accident.
          expect(can({ role: 'member' }, action, { leadsSong: true })).toBe(false);
        }
      }
    });

    it('reads each setting for its own things only', () => {
      const facts = teamFacts({ songEditors: 'admins', setlistEditors: 'everyone' });
      expect(can({ role: 'member' }, 'editSongs', facts)).toBe(false);
      expect(can({ role: 'member' }, 'editSetlists', facts)).toBe(true);
    });

    it('finds a song’s leader among the team’s setlists', () => {
      const setlists = [
        { songs: ['old-plain-id', { song: 's1', leader: 'lea' }] },
        { songs: [{ song: 's2', leader: null }] },
      ];
      expect(leadsSongAmong(setlists, 's1', 'lea')).toBe(true);
      expect(leadsSongAmong(setlists, 's2', 'lea')).toBe(false);
      expect(leadsSongAmong(setlists, 'old-plain-id', 'lea')).toBe(false);
    });
  });
});
