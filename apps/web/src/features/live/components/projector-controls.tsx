import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScreenMode } from '@segue/shared';
import { ScreenFrame, SCREEN_TEXT_SHADOW } from '../../../components/projector/screen-frame.tsx';
import { Words } from '../../../components/projector/words.tsx';
import { useScreenMessage } from '../../../components/projector/use-screen-message.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';
import type { ScreenView } from '../../../lib/live-socket.ts';
import { useTeamImage } from '../../../lib/teams/team-image.ts';
import type { ProjectorLyrics } from '../utils/projector-lyrics.ts';

interface ProjectorControlsProps {
  screen: ScreenView;
  lyrics: ProjectorLyrics;
  team: { _id: string; name: string } | null;
  onMode: (mode: ScreenMode) => void;
  onTakeMessageOff: () => void;
}

const TOGGLES = [
  { mode: 'black', label: 'projector.black', hint: 'projector.blackHint' },
  { mode: 'clear', label: 'projector.clear', hint: 'projector.clearHint' },
  { mode: 'logo', label: 'projector.logo', hint: 'projector.logoHint' },
] as const satisfies readonly { mode: ScreenMode; label: MessageId; hint: MessageId }[];

/** Each mode as the preview's caption names it. */
const MODE_NAMES: Record<ScreenMode, MessageId> = {
  lyrics: 'projector.modeLyrics',
  black: 'projector.modeBlack',
  clear: 'projector.modeClear',
  logo: 'projector.modeLogo',
};

/**
 * The congregation's screen from the live view, for drivers: Black, Clear (the background
 * alone) and Logo, each a toggle back to the lyrics, and a small picture of what the projector
 * shows now, drawn by the same frame the presenter uses.
 */
export function ProjectorControls({
  screen,
  lyrics,
  team,
  onMode,
  onTakeMessageOff,
}: ProjectorControlsProps) {
  const message = useScreenMessage(screen.message);
  const logo = useTeamImage(team?._id ?? null);
  const t = useT();
  return (
    <Stack component="section" aria-label={t('projector.projector')} spacing={1}>
      <Typography variant="subtitle2" component="h2">
        {t('projector.projector')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <ScreenFrame
          mode={screen.mode}
          background={<PreviewBackground />}
          lyrics={<PreviewLyrics lyrics={lyrics} />}
          logoUrl={logo.url}
          teamName={team?.name ?? ''}
          message={message}
          joinCode={screen.joinCode}
          picture
          sx={{
            width: 240,
            aspectRatio: '16 / 9',
            borderRadius: 1,
            outline: '1px solid',
            outlineColor: 'divider',
            flexShrink: 0,
          }}
        />
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} role="group" aria-label={t('projector.projector')}>
            {TOGGLES.map(({ mode, label, hint }) => {
              const on = screen.mode === mode;
              return (
                <Button
                  key={mode}
                  size="small"
                  variant={on ? 'contained' : 'outlined'}
                  aria-pressed={on}
                  title={t(hint)}
                  onClick={() => onMode(on ? 'lyrics' : mode)}
                >
                  {t(label)}
                </Button>
              );
            })}
          </Stack>
          {message !== null && (
            <Button size="small" onClick={onTakeMessageOff} sx={{ alignSelf: 'flex-start' }}>
              {t('projector.takeMessageOff')}
            </Button>
          )}
          {/* What the picture shows, for those who cannot see it. */}
          <Typography role="status" variant="caption" color="text.secondary">
            {t('projector.preview', { mode: t(MODE_NAMES[screen.mode]) })}
            {screen.joinCode !== null && t('projector.withJoinCode')}
            {message !== null && t('projector.withMessage')}
          </Typography>
        </Stack>
      </Stack>
    </Stack>
  );
}

/**
 * The projector's background is chosen on the projector's own device (spec section 2): the
 * preview stands in for it with a plain dark one.
 */
function PreviewBackground() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        background: 'linear-gradient(135deg, #263238 0%, #37474f 100%)',
      }}
    />
  );
}

function PreviewLyrics({ lyrics }: { lyrics: ProjectorLyrics }) {
  const t = useT();
  if (lyrics.kind === 'item') return null;
  if (lyrics.kind === 'waiting') {
    return (
      <Box sx={{ alignSelf: 'flex-end', fontSize: '4cqh', color: '#9e9e9e', textAlign: 'center' }}>
        <Words text={t('projector.waiting')} picture />
      </Box>
    );
  }
  return (
    <Box
      sx={{
        fontSize: `${Math.min(9, 70 / Math.max(1, lyrics.lines.length))}cqh`,
        fontWeight: 700,
        lineHeight: 1.25,
        textAlign: 'center',
        whiteSpace: 'pre-line',
        overflow: 'hidden',
        maxHeight: '100%',
        textShadow: SCREEN_TEXT_SHADOW,
      }}
    >
      <Words text={lyrics.lines.join('\n')} picture />
    </Box>
  );
}
