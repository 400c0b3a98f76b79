import { describe, expect, it } from 'vitest';
import { ACTIONS, can, leadsSongIn, POLICY, teamRoleOf, TEAM_ROLES } from './policy.ts';

describe('the shared policy', () => {
  const team = { createdBy: 'olive', admins: ['olive', 'adam'] };

  it('reads a role from the team: its creator owns it, its admins list the rest', () => {
    expect(teamRoleOf(team, 'olive')).toBe('owner');
    expect(teamRoleOf(team, 'adam')).toBe('admin');
    expect(teamRoleOf(team, 'mia')).toBe('member');
  });

  it('lets a member drive only while leading a song of the setlist at hand', () => {
    const setlist = { songs: [{ leader: 'lea' }, { leader: null }] };
    for (const action of ['driveLive', 'announceOnScreen'] as const) {
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
        if (rule === 'songLeader') continue;
        expect(can({ role }, action, { leadsSong: true }), `${action} ${role}`).toBe(rule);
        expect(can({ role }, action), `${action} ${role}`).toBe(rule);
      }
    }
  });
});
