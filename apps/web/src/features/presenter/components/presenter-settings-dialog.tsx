import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import UploadIcon from '@mui/icons-material/Upload';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';
import type { usePresenterBackground } from '../hooks/use-presenter-background.ts';
import { PRESET_BACKGROUNDS, PRESET_NAMES } from '../utils/backgrounds.ts';
import type { PresetName } from '../utils/backgrounds.ts';

/** Each preset's name as shown; the stored name stays the English one. */
const PRESET_LABELS: Record<PresetName, MessageId> = {
  Black: 'presenter.presetBlack',
  'Blue Gradient': 'presenter.presetBlueGradient',
  Galaxy: 'presenter.presetGalaxy',
  'Forest Mist': 'presenter.presetForestMist',
  'Ocean Teal': 'presenter.presetOceanTeal',
  'Purple Night': 'presenter.presetPurpleNight',
};

interface PresenterSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  settings: ReturnType<typeof usePresenterBackground>;
}

/** Presenter Settings: the six preset backgrounds, an image or video from this device, and a way back to black. */
export function PresenterSettingsDialog({ open, onClose, settings }: PresenterSettingsDialogProps) {
  const { background, notSaved, choosePreset, chooseFile, reset } = settings;
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const custom = background.type === 'image' || background.type === 'video';
  const t = useT();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('presenter.settings')}</DialogTitle>
      <DialogContent>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('presenter.background')}
        </Typography>
        <Box
          role="group"
          aria-labelledby={headingId}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          }}
        >
          {PRESET_NAMES.map((name) => {
            const chosen = background.type === 'preset' && background.name === name;
            return (
              <ButtonBase
                key={name}
                aria-pressed={chosen}
                onClick={() => choosePreset(name)}
                focusRipple
                sx={{
                  display: 'block',
                  textAlign: 'left',
                  borderRadius: 2,
                  overflow: 'hidden',
                  border: 2,
                  borderColor: chosen ? 'primary.main' : 'divider',
                  '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main' },
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    height: 64,
                    background: PRESET_BACKGROUNDS[name],
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: '#ffffff',
                  }}
                >
                  {chosen && <CheckIcon />}
                </Box>
                <Typography
                  variant="body2"
                  sx={{ px: 1, py: 0.75, fontWeight: chosen ? 700 : 400 }}
                >
                  {t(PRESET_LABELS[name])}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>

        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 2.5, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => fileInput.current?.click()}
          >
            {t('presenter.upload')}
          </Button>
          {custom && (
            <Button color="inherit" onClick={reset}>
              {t('presenter.resetToDefault')}
            </Button>
          )}
        </Stack>
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          aria-label={t('presenter.backgroundFile')}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again still counts as a change.
            event.target.value = '';
            if (file) void chooseFile(file);
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {notSaved ? t('presenter.notSavedHint') : t('presenter.uploadHint')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('presenter.fullScreenHint')} {t('presenter.blackoutHint')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('presenter.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
