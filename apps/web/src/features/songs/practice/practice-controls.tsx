import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { PITCH, TEMPO, clampPitch, clampTempo } from './practice.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { pitchStateText, tempoValueText } from './practice-texts.ts';

interface PracticeControlsProps {
  rate: number;
  onRateChange: (rate: number) => void;
  semitones: number;
  onSemitonesChange: (semitones: number) => void;
  /** False where only the tempo can change (the `<audio>` player). */
  canShiftPitch: boolean;
  /** The key the recording sounds in once shifted; null when the song has none. */
  shiftedKey: string | null;
}

/** Tempo (50%–150%, pitch kept) and pitch (±6 semitones, tempo kept). */
export function PracticeControls({
  rate,
  onRateChange,
  semitones,
  onSemitonesChange,
  canShiftPitch,
  shiftedKey,
}: PracticeControlsProps) {
  const t = useT();
  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 4 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Typography id="practice-tempo" color="text.secondary" sx={{ flexShrink: 0 }}>
            {t('practice.tempo')}
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0, px: 1 }}>
            <Slider
              aria-labelledby="practice-tempo"
              size="small"
              min={TEMPO.min * 100}
              max={TEMPO.max * 100}
              step={TEMPO.step * 100}
              shiftStep={25}
              marks={[{ value: 100 }]}
              value={Math.round(rate * 100)}
              getAriaValueText={(percent) => tempoValueText(percent / 100)}
              onChange={(_, percent) => onRateChange(clampTempo(percent / 100))}
            />
          </Box>
          <Typography
            data-tempo
            sx={{ fontWeight: 600, minWidth: '3.5em', textAlign: 'right', flexShrink: 0 }}
          >
            {tempoValueText(rate)}
          </Typography>
        </Stack>
        <Stack
          role="group"
          aria-label={t('practice.pitch')}
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center' }}
        >
          <Typography color="text.secondary" aria-hidden sx={{ mr: 1 }}>
            {t('practice.pitch')}
          </Typography>
          <IconButton
            aria-label={t('practice.pitchDown')}
            disabled={!canShiftPitch || semitones <= -PITCH.limit}
            onClick={() => onSemitonesChange(clampPitch(semitones - 1))}
          >
            <RemoveIcon />
          </IconButton>
          <Typography
            aria-live="polite"
            data-pitch
            sx={{ fontWeight: 600, minWidth: '6.5em', textAlign: 'center' }}
          >
            {pitchStateText(canShiftPitch ? semitones : 0, shiftedKey)}
          </Typography>
          <IconButton
            aria-label={t('practice.pitchUp')}
            disabled={!canShiftPitch || semitones >= PITCH.limit}
            onClick={() => onSemitonesChange(clampPitch(semitones + 1))}
          >
            <AddIcon />
          </IconButton>
        </Stack>
      </Stack>
      {!canShiftPitch && <Alert severity="info">{t('practice.noPitch')}</Alert>}
      {canShiftPitch && Math.abs(semitones) > PITCH.warnBeyond && (
        <Alert severity="warning">{t('practice.pitchWarning')}</Alert>
      )}
    </Stack>
  );
}
