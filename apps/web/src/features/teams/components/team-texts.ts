import type { Person } from '@segue/shared';

/**
 * Texts of the Teams screens that the specification does not quote, so they are not in the
 * shared TEXTS (yet): chosen here, in the spirit of the quoted ones.
 */
export const TEAM_TEXTS = {
  requestToJoin: 'Request to Join',
  requestSent: 'Request Sent',
  noTeamsFound: 'No teams found.',
  failedToLoadTeams: 'Failed to load your teams',
  failedToLoadTeam: 'Failed to load team',
  teamInfoUpdated: 'Team info updated',
  ownershipTransferred: 'Ownership transferred',
  failedToTransferOwnership: 'Failed to transfer ownership',
  teamDeleted: 'Team deleted',
  failedToDeleteTeam: 'Failed to delete team',
  confirmLeaveTeam: 'Are you sure you want to leave this team?',
  leftTeam: 'You left the team',
  failedToLeaveTeam: 'Failed to leave team',
} as const;

/** "1 member" / "N members". */
export function memberCountText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** How a person is named in lists: name, else e-mail, else id. */
export function personLabel(person: Person | undefined, fallbackId: string): string {
  return person?.name.trim() || person?.email || fallbackId;
}
