import { z } from 'zod';

/**
 * One of the caller's own pending join requests (`GET /api/account/join-requests`):
 * the team they asked to join and when.
 */
export const OwnJoinRequestSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  /** ISO 8601. */
  requestedAt: z.string(),
});
export type OwnJoinRequest = z.infer<typeof OwnJoinRequestSchema>;

/** What the dashboard's pending requests and their withdrawal say, word for word. */
export const JOIN_REQUEST_TEXTS = {
  /** `DELETE /api/teams/{id}/request` when the caller has no pending request there. */
  noPendingRequest: 'No pending request for this team.',
  pendingRequestsTitle: 'Pending requests',
  requestPending: 'Request pending',
  withdrawRequest: 'Withdraw request',
  /** The Withdraw button's accessible name, naming the team. */
  withdrawRequestTo: (teamName: string) => `Withdraw request to ${teamName}`,
  confirmWithdraw: (teamName: string) =>
    `Withdraw your request to join ${teamName}? Its admins will no longer see it. You can ask again later.`,
  confirmWithdrawButton: 'Withdraw',
  requestWithdrawn: 'Join request withdrawn',
  failedToWithdraw: 'Failed to withdraw join request',
} as const;
