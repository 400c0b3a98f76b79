import type { Person, Team } from '@segue/shared';
import type { TeamWithPeople } from './teams.repository.ts';

/**
 * A team in the spec's shape. Pending requester ids are an admin's business;
 * other members get an empty `requestedUsers`.
 */
export function presentTeam(
  { team, members, requestedUsers }: TeamWithPeople,
  viewerIsAdmin: boolean,
): Team {
  return {
    _id: team.id,
    name: team.name,
    description: team.description,
    members: members.map((m) => m.userId),
    admins: members.filter((m) => m.role === 'admin').map((m) => m.userId),
    createdBy: team.createdBy,
    requestedUsers: viewerIsAdmin ? requestedUsers : [],
    songEditors: team.songEditors,
    setlistEditors: team.setlistEditors,
    shareListening: team.shareListening,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  };
}

export function presentPerson(row: { id: string; name: string; email: string }): Person {
  return { $id: row.id, name: row.name, email: row.email };
}
