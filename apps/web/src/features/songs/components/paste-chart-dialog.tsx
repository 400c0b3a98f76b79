import { useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import { parsePastedChart } from '@segue/shared/formats';
import { SongChart } from '../../../components/chart/song-chart.tsx';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import type { PastedChart } from './song-form-state.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { songMessageText } from './song-messages.ts';

/** The first song of pasted text, ChordPro or chords over words, with what could not be used. */
function readChart(text: string): { chart: PastedChart | null; warnings: string[] } {
  if (text.trim() === '') return { chart: null, warnings: [] };
  const { songs, warnings } = parsePastedChart(text);
  const [song] = songs;
  const chart = song && song.parts.length > 0 ? song : null;
  return { chart, warnings: warnings.map((w) => w.message) };
}

/**
 * "Paste chart": text pasted in ChordPro or chords over words becomes parts and
 * lines, previewed as the live view shows them, before it replaces the form's parts.
 */
export function PasteChartDialog(props: {
  onUse: (chart: PastedChart) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const shown = useDeferredValue(text);
  const { chart, warnings } = useMemo(() => readChart(shown), [shown]);
  const fullScreen = usePhoneLayout();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle>{t('songs.files.pasteChartTitle')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('songs.files.chart')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={12}
            placeholder={t('songs.files.chartPlaceholder')}
            autoFocus
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <Box
            component="section"
            aria-label={t('songs.files.preview')}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <Typography variant="subtitle2" component="h3" color="text.secondary" gutterBottom>
              {t('songs.files.preview')}
            </Typography>
            {warnings.length > 0 && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {warnings.map((warning) => (
                  <div key={warning}>{songMessageText(warning)}</div>
                ))}
              </Alert>
            )}
            {chart ? (
              <>
                {chart.title && <Typography sx={{ fontWeight: 700 }}>{chart.title}</Typography>}
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  {[
                    chart.key ? t('songs.files.key', { key: chart.key }) : t('songs.files.noKey'),
                    chart.capo > 0 ? t('songs.files.capo', { capo: chart.capo }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <SongChart
                  parts={chart.parts}
                  chordsKey={chart.key}
                  view={DEFAULT_CHORD_VIEW}
                  heading="h4"
                />
              </>
            ) : (
              <Typography color="text.secondary">{t('songs.files.nothingToPreview')}</Typography>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('songs.files.cancel')}</Button>
        <Button variant="contained" disabled={!chart} onClick={() => chart && props.onUse(chart)}>
          {t('songs.files.useChart')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
