import Typography from '@mui/material/Typography';
import type { MidiStatus as Status } from '../hooks/use-midi-input.ts';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

/** Which MIDI inputs the live view listens to, or that it cannot. */
export function MidiStatus({ status }: { status: Status }) {
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
