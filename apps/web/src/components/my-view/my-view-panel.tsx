import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { NativeChoice } from '../native-choice.tsx';
import type { Accidentals, CapoRule, ChordView, Notation } from '@segue/shared';
import { languageLabel } from '../chart/language-names.ts';
import { choiceFrom, choiceValue } from '../chart/lyric-languages.ts';
import type { LyricsChoice } from '../chart/lyric-languages.ts';
import { t as translate, useT } from '../../lib/i18n/i18n.ts';

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
  const mainLyrics = translate('myView.mainLyrics');
  const main = option.main ? languageLabel(option.main) : mainLyrics;
  const languages = [...option.translations];
  const { choice } = option;
  if (
    choice.show !== 'main' &&
    !languages.some((l) => l.toLowerCase() === choice.lang.toLowerCase())
  )
    languages.push(choice.lang);
  const only = (language: string) => translate('myView.only', { language });
  return [
    ['main', main === mainLyrics ? mainLyrics : only(main)],
    ...languages.flatMap((lang): [string, string][] => [
      [choiceValue({ show: 'translation', lang }), only(languageLabel(lang))],
      [
        choiceValue({ show: 'both', lang }),
        translate('myView.both', { main, language: languageLabel(lang) }),
      ],
    ]),
  ];
}

/** The choices' texts in the active language: made while rendering, never at load. */
function choices() {
  const notations: [Notation, string][] = [
    ['letters', translate('myView.notationLetters')],
    ['nashville', translate('myView.notationNashville')],
    ['roman', translate('myView.notationRoman')],
    ['german', translate('myView.notationGerman')],
    ['solfege', translate('myView.notationSolfege')],
  ];
  const capos: [string, string][] = Array.from({ length: 12 }, (_v, fret) => [
    String(fret),
    fret === 0 ? translate('myView.noCapo') : translate('myView.capoFret', { fret }),
  ]);
  const transpositions: [string, string][] = Array.from({ length: 23 }, (_v, i) => {
    const step = i - 11;
    return [
      String(step),
      step === 0 ? translate('myView.concertPitch') : step > 0 ? `+${step}` : `−${-step}`,
    ];
  });
  const capoRules: [CapoRule, string][] = [
    ['shapes', translate('myView.keepShapes')],
    ['capo', translate('myView.keepCapo')],
  ];
  const accidentals: [Accidentals, string][] = [
    ['auto', translate('myView.accidentalsAuto')],
    ['sharps', translate('myView.sharps')],
    ['flats', translate('myView.flats')],
  ];
  return { notations, capos, transpositions, capoRules, accidentals };
}

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
  const t = useT();
  const options = choices();
  return (
    <Box
      role="group"
      aria-label={t('myView.myView')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'start',
      }}
    >
      <NativeChoice
        label={t('myView.capo')}
        value={String(view.capo)}
        options={options.capos}
        onChange={(capo) => onChange({ capo: Number(capo) })}
      />
      {capoRule && (
        <NativeChoice
          label={t('myView.capoRule')}
          value={capoRule.rule}
          options={options.capoRules}
          onChange={capoRule.change}
        />
      )}
      <NativeChoice
        label={t('myView.instrumentTranspose')}
        value={String(view.transpose)}
        options={options.transpositions}
        onChange={(step) => onChange({ transpose: Number(step) })}
      />
      <NativeChoice
        label={t('myView.notation')}
        value={view.notation}
        options={options.notations}
        onChange={(notation) => onChange({ notation })}
      />
      <NativeChoice
        label={t('myView.accidentals')}
        value={view.accidentals}
        options={options.accidentals}
        onChange={(accidentals) => onChange({ accidentals })}
      />
      <FormControlLabel
        control={
          <Switch
            checked={view.chords}
            onChange={(event) => onChange({ chords: event.target.checked })}
          />
        }
        label={t('myView.showChords')}
      />
      {lyrics && (
        <NativeChoice
          label={t('myView.lyrics')}
          value={choiceValue(lyrics.choice)}
          options={lyricsOptions(lyrics)}
          onChange={(value) => lyrics.change(choiceFrom(value))}
        />
      )}
      {children && <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>}
    </Box>
  );
}
