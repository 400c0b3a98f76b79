import type { Invite, InviteStatus } from '@segue/shared';
import type { InviteRow } from './invites.repository.ts';

/** An invitation in the API's shape: never its token or the token's hash. */
export function presentInvite(row: InviteRow): Invite {
  return {
    _id: row.id,
    kind: row.kind,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether an invitation still works at `now`, and if not why. Withdrawn first, then used
 * up, then expired: the admin's act, and then what happened first to a one-use link, is
 * what its holder most needs to hear.
 */
export function inviteStatus(
  row: Pick<InviteRow, 'revokedAt' | 'maxUses' | 'uses' | 'expiresAt'>,
  now: Date,
): InviteStatus {
  if (row.revokedAt) return 'revoked';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
