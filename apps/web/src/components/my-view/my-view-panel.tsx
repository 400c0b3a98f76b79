import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { NativeChoice } from '../native-choice.tsx';
import type { Accidentals, CapoRule, ChordView, Notation } from '@segue/shared';
import { languageLabel } from '../chart/language-names.ts';
import { choiceFrom, choiceValue } from '../chart/lyric-languages.ts';
import type { LyricsChoice } from '../chart/lyric-languages.ts';
import { MY_VIEW_TEXTS as T } from './my-view-texts.ts';

/** The song's languages and this device's choice of lyrics, for "Lyrics languages". */
export interface LyricsOption {
  choice: LyricsChoice;
  change: (choice: LyricsChoice) => void;
  /** The main lyrics' language, null when not known. */
  main: string | null;
  /** The languages of the song's translations. */
  translations: readonly string[];
}

/**
 * The choices of lyrics for a song: its main lyrics, each translation alone, and the main
 * lyrics with each translation under them; a choice stored for another song's language stays
 * choosable (this song shows its main lyrics for it).
 */
export function lyricsOptions(option: LyricsOption): [string, string][] {
  const main = option.main ? languageLabel(option.main) : T.mainLyrics;
  const languages = [...option.translations];
  const { choice } = option;
  if (
    choice.show !== 'main' &&
    !languages.some((l) => l.toLowerCase() === choice.lang.toLowerCase())
  )
    languages.push(choice.lang);
  return [
    ['main', main === T.mainLyrics ? T.mainLyrics : T.only(main)],
    ...languages.flatMap((lang): [string, string][] => [
      [choiceValue({ show: 'translation', lang }), T.only(languageLabel(lang))],
      [choiceValue({ show: 'both', lang }), T.both(main, languageLabel(lang))],
    ]),
  ];
}

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
  /** Which lyrics to show of a song in several languages; left out, the choice is not shown. */
  lyrics?: LyricsOption | undefined;
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
export function MyViewPanel({ view, onChange, capoRule, lyrics, children }: MyViewPanelProps) {
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
      {lyrics && (
        <NativeChoice
          label={T.lyrics}
          value={choiceValue(lyrics.choice)}
          options={lyricsOptions(lyrics)}
          onChange={(value) => lyrics.change(choiceFrom(value))}
        />
      )}
      {children && <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>}
    </Box>
  );
}
