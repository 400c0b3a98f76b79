import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Accidentals, Notation } from '@segue/shared';
import type { ChordView } from '../utils/my-view.ts';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

const NOTATION_NAMES: Record<Notation, string> = {
  letters: 'Letters',
  nashville: 'Nashville numbers',
  roman: 'Roman numerals',
  german: 'German (H)',
  solfege: 'Solfège',
};
const CAPO_FRETS = Array.from({ length: 12 }, (_v, fret) => fret);
const TRANSPOSE_STEPS = Array.from({ length: 23 }, (_v, i) => i - 11);

interface MyViewPanelProps {
  view: ChordView;
  onChange: (change: Partial<ChordView>) => void;
}

/**
 * "My view": how this musician reads the chords on this device (capo, a transposing
 * instrument, notation, sharps or flats, chords at all). Nobody else's screen changes.
 */
export function MyViewPanel({ view, onChange }: MyViewPanelProps) {
  const select = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Box
      role="group"
      aria-label={T.myView}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'start',
      }}
    >
      <TextField
        select
        size="small"
        label={T.capo}
        value={view.capo}
        onChange={(event) => onChange({ capo: Number(event.target.value) })}
        slotProps={select}
      >
        {CAPO_FRETS.map((fret) => (
          <option key={fret} value={fret}>
            {fret === 0 ? T.noCapo : T.capoFret(fret)}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={T.instrumentTranspose}
        value={view.transpose}
        onChange={(event) => onChange({ transpose: Number(event.target.value) })}
        slotProps={select}
      >
        {TRANSPOSE_STEPS.map((step) => (
          <option key={step} value={step}>
            {step === 0 ? T.concertPitch : step > 0 ? `+${step}` : `−${-step}`}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={T.notation}
        value={view.notation}
        onChange={(event) => onChange({ notation: event.target.value as Notation })}
        slotProps={select}
      >
        {Object.entries(NOTATION_NAMES).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={T.accidentals}
        value={view.accidentals}
        onChange={(event) => onChange({ accidentals: event.target.value as Accidentals })}
        slotProps={select}
      >
        <option value="auto">{T.accidentalsAuto}</option>
        <option value="sharps">{T.sharps}</option>
        <option value="flats">{T.flats}</option>
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={view.chords}
            onChange={(event) => onChange({ chords: event.target.checked })}
          />
        }
        label={T.showChords}
      />
    </Box>
  );
}
