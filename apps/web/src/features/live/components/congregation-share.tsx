import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamRole } from '@segue/shared';
import { ShareWithCongregationButton } from '../../../components/follow-share/share-button.tsx';
import { useAudienceLink } from '../../../lib/follow/audience-link.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface CongregationShareProps {
  setlistId: string;
  teamId: string;
  role: TeamRole;
  /** Phones following, as the live channel last said. */
  followers: number | null;
  /** The follow link the projector shows as a join code, or null. */
  joinCode: string | null;
  /** Null where this driver may not change the screen. */
  onShowJoinCode: ((shown: boolean) => void) | null;
}

/**
 * The congregation's link from the live view, beside the projector's controls: the share
 * dialog, and while a link is live, how many phones follow it and its join code on the
 * projector, one tap away.
 */
export function CongregationShare({
  setlistId,
  teamId,
  role,
  followers,
  joinCode,
  onShowJoinCode,
}: CongregationShareProps) {
  const status = useAudienceLink(setlistId, teamId, true);
  const t = useT();
  const linkLive = Boolean(status.data?.link);
  const shown = joinCode !== null;
  const joinCodeControl = onShowJoinCode ? { shown, onShow: onShowJoinCode } : undefined;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ShareWithCongregationButton
        size="small"
        setlistId={setlistId}
        teamId={teamId}
        role={role}
        joinCode={joinCodeControl}
      />
      {joinCodeControl && (linkLive || shown) && (
        <Button size="small" onClick={() => joinCodeControl.onShow(!shown)}>
          {shown ? t('share.hideJoinCode') : t('share.showJoinCode')}
        </Button>
      )}
      {linkLive && (
        <Typography variant="body2" color="text.secondary">
          {t('live.phonesFollowing', { count: followers ?? 0 })}
        </Typography>
      )}
    </Stack>
  );
}
