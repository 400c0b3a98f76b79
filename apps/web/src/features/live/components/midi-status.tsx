import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MidiStatus as Status } from '../hooks/use-midi-input.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** Which MIDI inputs the live view listens to, that it cannot, or a button to start listening. */
export function MidiStatus({ status, onConnect }: { status: Status; onConnect: () => void }) {
  const t = useT();
  if (status.state === 'off') {
    return (
      <Button size="small" onClick={onConnect} title={t('live.midiConnectHint')}>
        {t('live.midiConnect')}
      </Button>
    );
  }
  let text = '';
  if (status.state === 'unavailable') text = t('live.midiUnavailable');
  if (status.state === 'ready') {
    text =
      status.inputs.length > 0
        ? t('live.midiInputs', { names: status.inputs.join(', ') })
        : t('live.midiNoInputs');
  }
  return (
    <Typography role="status" variant="caption" color="text.secondary">
      {text}
    </Typography>
  );
}
