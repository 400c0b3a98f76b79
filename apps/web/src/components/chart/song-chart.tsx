import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ChordView } from '@segue/shared';
import { linesForMe } from '../my-view/my-view.ts';
import { CHART_SEPARATOR } from './chart-texts.ts';
import { chordColor, ChordLines, LINE_HEIGHT, linesSx } from './chord-lines.tsx';
import { linesInLanguages } from './lyric-languages.ts';
import type { LanguagePart, LyricPick, ShownLine } from './lyric-languages.ts';

/** A part as the chart takes it: label, lines, and the translations it may have. */
export interface ChartSongPart extends LanguagePart {
  id?: string | undefined;
  label: string;
}

const MAIN_ONLY: LyricPick[] = [{ main: true }];

/** The lines' layout, as the live view's; a chart on paper keeps the regular spacing. */
const LINES_SX = linesSx(LINE_HEIGHT, 0.5);

interface ChartPartProps {
  part: { label: string; lines: readonly ShownLine[] };
  heading: 'h2' | 'h3' | 'h4';
  current: boolean;
  /** Tapping the heading (practice mode); the heading stays named by the label alone. */
  onSelect: (() => void) | null;
}

/** One part: its label (a heading), then its lines; on paper it is never split across sheets. */
function ChartPart({ part, heading, current, onSelect }: ChartPartProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-current={current ? 'true' : undefined}
      data-chart-part
      sx={
        current
          ? {
              borderLeft: 4,
              borderColor: 'primary.main',
              bgcolor: 'action.selected',
              ml: -1.5,
              pl: 1,
              borderRadius: 1,
              // Scrolled to the top when followed: clear of the app bar.
              scrollMarginTop: '72px',
            }
          : undefined
      }
    >
      <Typography
        id={headingId}
        variant="subtitle1"
        component={heading}
        sx={{ fontWeight: 700, mb: 0.5, color: chordColor }}
      >
        {onSelect ? (
          <ButtonBase
            onClick={onSelect}
            sx={{
              font: 'inherit',
              color: 'inherit',
              borderRadius: 1,
              px: 0.5,
              mx: -0.5,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            {part.label}
          </ButtonBase>
        ) : (
          part.label
        )}
      </Typography>
      <Box data-chart-lines>
        <ChordLines lines={part.lines} sx={LINES_SX} />
      </Box>
    </Box>
  );
}

interface SongChartProps {
  /** The parts with their chords in `chordsKey`. */
  parts: readonly ChartSongPart[];
  /** The language of the main lyrics (the ones under the chords), null when not known. */
  language?: string | null | undefined;
  /** Which lyrics to show, first over second (My view's choice); the main lyrics by default. */
  picks?: readonly LyricPick[] | undefined;
  /** The key the parts' chords sound in (the performance key); null when unknown. */
  chordsKey: string | null;
  /** This musician's My view: capo, instrument, notation, sharps or flats, chords at all. */
  view: ChordView;
  /** The level of the part labels' headings, below the song's. */
  heading: 'h2' | 'h3' | 'h4';
  /** The index of the part being played, marked `aria-current` (practice mode). */
  current?: number;
  /** Makes each heading a button, told the part's index (practice mode: jump, or mark). */
  onPartSelect?: (index: number) => void;
}

/**
 * A song's chart: every part, each chord above the syllable it was typed over, as
 * this musician reads it. Shared by the song view and the setlist view, on screen and paper.
 */
export function SongChart({
  parts,
  language = null,
  picks = MAIN_ONLY,
  chordsKey,
  view,
  heading,
  current,
  onPartSelect,
}: SongChartProps) {
  const shown = useMemo(
    () =>
      parts.map((part) => ({
        ...part,
        lines: linesForMe(linesInLanguages(part, language, picks), chordsKey, view),
      })),
    [parts, language, picks, chordsKey, view],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {shown.map((part, index) => (
        <ChartPart
          key={part.id ?? index}
          part={part}
          heading={heading}
          current={index === current}
          onSelect={onPartSelect ? () => onPartSelect(index) : null}
        />
      ))}
    </Box>
  );
}

/** A line of a song's facts: "Key A · Capo 2 · G shapes · 72 BPM · 6/8"; none when empty. */
export function ChartFactsLine({ items }: { items: readonly (string | null)[] }) {
  const shown = items.filter((item) => item !== null && item !== '');
  if (shown.length === 0) return null;
  return (
    <Typography sx={{ fontWeight: 600 }} data-chart-facts>
      {shown.join(CHART_SEPARATOR)}
    </Typography>
  );
}

/** The chart's footer: copyright and "CCLI #1234", as licences ask printed charts to show. */
export function ChartFooterLine({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }} data-chart-footer>
      {items.join(CHART_SEPARATOR)}
    </Typography>
  );
}
