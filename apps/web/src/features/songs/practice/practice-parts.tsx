import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MediaMark, SongPart } from '@segue/shared';
import { durationText } from '../components/recordings-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface PracticePartsProps {
  parts: readonly SongPart[];
  /** In time order. */
  marks: readonly MediaMark[];
  /** The index in `parts` of the part being played; -1 for none. */
  currentPart: number;
  /** Marking: a tap marks the part where the recording is; else it jumps to the part. */
  marking: boolean;
  onSelect: (index: number) => void;
}

/**
 * The song's parts as buttons, each with the times it is marked at: a tap jumps to the part,
 * or while marking, marks it.
 */
export function PracticeParts({
  parts,
  marks,
  currentPart,
  marking,
  onSelect,
}: PracticePartsProps) {
  const t = useT();
  return (
    <Stack
      component="ul"
      aria-label={t('practice.parts')}
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
    >
      {parts.map((part, index) => {
        const times = part.id ? marks.filter((mark) => mark.partId === part.id) : [];
        const usable = part.id !== undefined && (marking || times.length > 0);
        return (
          <li key={part.id ?? index}>
            <Button
              variant={index === currentPart ? 'contained' : 'outlined'}
              color={marking ? 'secondary' : 'primary'}
              aria-current={index === currentPart ? 'true' : undefined}
              aria-label={
                marking
                  ? t('practice.markPart', { label: part.label })
                  : t('practice.jumpTo', { label: part.label })
              }
              disabled={!usable}
              onClick={() => onSelect(index)}
              sx={{ flexDirection: 'column', alignItems: 'flex-start', textTransform: 'none' }}
            >
              <span>{part.label}</span>
              <Typography
                component="span"
                variant="caption"
                data-part-marks
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {times.length > 0
                  ? times.map((mark) => durationText(mark.atMs)).join(', ')
                  : t('practice.notMarked')}
              </Typography>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
