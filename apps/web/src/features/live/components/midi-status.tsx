import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MidiStatus as Status } from '../hooks/use-midi-input.ts';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

/** Which MIDI inputs the live view listens to, that it cannot, or a button to start listening. */
export function MidiStatus({ status, onConnect }: { status: Status; onConnect: () => void }) {
  if (status.state === 'off') {
    return (
      <Button size="small" onClick={onConnect} title={T.midiConnectHint}>
        {T.midiConnect}
      </Button>
    );
  }
  let text = '';
  if (status.state === 'unavailable') text = T.midiUnavailable;
  if (status.state === 'ready') {
    text = status.inputs.length > 0 ? T.midiInputs(status.inputs.join(', ')) : T.midiNoInputs;
  }
  return (
    <Typography role="status" variant="caption" color="text.secondary">
      {text}
    </Typography>
  );
}
