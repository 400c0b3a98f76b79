import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { NativeChoice } from '../native-choice.tsx';
import type { Accidentals, CapoRule, ChordView, Notation } from '@segue/shared';
import { MY_VIEW_TEXTS as T } from './my-view-texts.ts';

const NOTATIONS: [Notation, string][] = [
  ['letters', 'Letters'],
  ['nashville', 'Nashville numbers'],
  ['roman', 'Roman numerals'],
  ['german', 'German (H)'],
  ['solfege', 'Solfège'],
];
const CAPOS: [string, string][] = Array.from({ length: 12 }, (_v, fret) => [
  String(fret),
  fret === 0 ? T.noCapo : T.capoFret(fret),
]);
const TRANSPOSITIONS: [string, string][] = Array.from({ length: 23 }, (_v, i) => {
  const step = i - 11;
  return [String(step), step === 0 ? T.concertPitch : step > 0 ? `+${step}` : `−${-step}`];
});
const CAPO_RULES: [CapoRule, string][] = [
  ['shapes', T.keepShapes],
  ['capo', T.keepCapo],
];
const ACCIDENTALS: [Accidentals, string][] = [
  ['auto', T.accidentalsAuto],
  ['sharps', T.sharps],
  ['flats', T.flats],
];

interface MyViewPanelProps {
  view: ChordView;
  onChange: (change: Partial<ChordView>) => void;
  /**
   * Where songs may be played in another key than planned (the live view): what this device's
   * capo does then. Left out, the choice is not shown.
   */
  capoRule?: { rule: CapoRule; change: (rule: CapoRule) => void } | undefined;
  /**
   * More of this device's choices, below the chords' (the live view's click): a screen passes
   * them in, so My view needs to know no feature.
   */
  children?: ReactNode;
}

/**
 * "My view": how this musician reads the chords on this device (capo, a transposing
 * instrument, notation, sharps or flats, chords at all). Nobody else's screen changes.
 */
export function MyViewPanel({ view, onChange, capoRule, children }: MyViewPanelProps) {
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
      <NativeChoice
        label={T.capo}
        value={String(view.capo)}
        options={CAPOS}
        onChange={(capo) => onChange({ capo: Number(capo) })}
      />
      {capoRule && (
        <NativeChoice
          label={T.capoRule}
          value={capoRule.rule}
          options={CAPO_RULES}
          onChange={capoRule.change}
        />
      )}
      <NativeChoice
        label={T.instrumentTranspose}
        value={String(view.transpose)}
        options={TRANSPOSITIONS}
        onChange={(step) => onChange({ transpose: Number(step) })}
      />
      <NativeChoice
        label={T.notation}
        value={view.notation}
        options={NOTATIONS}
        onChange={(notation) => onChange({ notation })}
      />
      <NativeChoice
        label={T.accidentals}
        value={view.accidentals}
        options={ACCIDENTALS}
        onChange={(accidentals) => onChange({ accidentals })}
      />
      <FormControlLabel
        control={
          <Switch
            checked={view.chords}
            onChange={(event) => onChange({ chords: event.target.checked })}
          />
        }
        label={T.showChords}
      />
      {children && <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>}
    </Box>
  );
}
