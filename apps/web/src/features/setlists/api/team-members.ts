import { useMemo } from 'react';
import type { Team } from '@segue/shared';
import { usePeople } from '../../../lib/teams/teams.ts';

/** A person who can lead a song or take a position. */
export interface MemberChoice {
  id: string;
  /** Name, else e-mail, else id (spec section 2, Setlist form). */
  label: string;
  /** The positions they say they play, suggested first when assigning those. */
  positions?: string[];
}

/** The team's members by name (`POST /api/users/batch`), for the leader and position selects. */
export function useMemberChoices(team: Team) {
  const people = usePeople(team.members);
  const choices = useMemo(() => {
    const byId = new Map((people.data ?? []).map((person) => [person.$id, person]));
    return team.members
      .map((id): MemberChoice => {
        const person = byId.get(id);
        return { id, label: person?.name.trim() || person?.email.trim() || id };
      })
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [team.members, people.data]);
  return { choices, isPending: people.isPending && team.members.length > 0 };
}
