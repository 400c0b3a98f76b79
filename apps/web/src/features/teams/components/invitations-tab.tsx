import Stack from '@mui/material/Stack';
import type { TeamDetails } from '@segue/shared';
import { InviteByEmailForm } from './invite-by-email-form.tsx';
import { InviteLinkForm } from './invite-link-form.tsx';
import { PendingInvitesList } from './pending-invites-list.tsx';

/** Invitations: a link to share, a link by e-mail, and the ones still pending. */
export function InvitationsTab({ team }: { team: TeamDetails }) {
  return (
    <Stack spacing={4}>
      <InviteLinkForm teamId={team._id} />
      <InviteByEmailForm teamId={team._id} />
      <PendingInvitesList teamId={team._id} />
    </Stack>
  );
}
