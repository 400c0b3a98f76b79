import { memo } from 'react';
import type { ClipboardEvent, Dispatch, KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { SONG_LIMITS } from '@segue/shared';
import { changeThenFocus } from './focus-control.ts';
import { pasteLines } from './pasted-lines.ts';
import type { LineField } from './pasted-lines.ts';
import { languageLabel } from '../../../components/chart/language-names.ts';
import type { LineDraft, SongDraftAction, TranslationDraft } from './song-form-state.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * Chords and lyrics share one monospace font, size, letter spacing and padding, so a chord typed
 * above a syllable stays above it here, in the live view and in the export.
 */
const lineInputSx = {
  '& .MuiInputBase-input': {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a font stack, not a text
    fontFamily: '"Roboto Mono", "Cascadia Mono", Consolas, "Liberation Mono", Menlo, monospace',
    fontSize: '0.95rem',
    letterSpacing: 0,
    px: 1.25,
    py: 0.75,
  },
} as const;

// The primary shades that reach 4.5:1 as text (see lib/theme.ts).
const chordsColorSx = (theme: Theme) => ({
  '& .MuiInputBase-input': {
    color:
      theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light,
  },
});

/** A translated line: lyrics only, quieter than the line it translates, as the chart shows it. */
const translationInputSx = {
  '& .MuiInputBase-input': { fontStyle: 'italic', px: 1.25, py: 0.75, fontSize: '0.95rem' },
} as const;

interface SongLineEditorProps {
  line: LineDraft;
  /** 0-based positions; the labels count from 1. */
  partIndex: number;
  lineIndex: number;
  lineCount: number;
  /** The part's translations: a field for each, under the lyrics. */
  translations: readonly TranslationDraft[];
  dispatch: Dispatch<SongDraftAction>;
  /** A problem with this line, shown at its chords or its lyrics (field 'chords' or 'lyrics'). */
  problem?: { text: string; field: string } | undefined;
}

/** Puts the caret at the end of the focused input, where typing goes on after a paste. */
function caretToEnd() {
  const input = document.activeElement;
  if (input instanceof HTMLInputElement) {
    input.setSelectionRange(input.value.length, input.value.length);
  }
}

/** One line of a part: its chords directly above its lyrics, and its move and remove buttons. */
export const SongLineEditor = memo(function SongLineEditor({
  line,
  partIndex,
  lineIndex,
  lineCount,
  translations,
  dispatch,
  problem,
}: SongLineEditorProps) {
  const t = useT();
  const n = partIndex + 1;
  const m = lineIndex + 1;
  const fieldLabel = (field: LineField, line: number) =>
    field === 'chords'
      ? t('songs.form.chords', { n, m: line })
      : t('songs.form.lyrics', { n, m: line });
  const setField = (field: LineField, value: string) =>
    dispatch({ type: 'setLine', part: partIndex, line: lineIndex, field, value });
  // Enter (with Shift too) starts a new line below, as in a text editor; it never sends the form.
  const onKeyDown = (field: LineField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    changeThenFocus(
      () => dispatch({ type: 'addLine', part: partIndex, at: lineIndex + 1 }),
      fieldLabel(field, m + 1),
    );
  };
  // Text of several lines becomes several lines, not one run-together line.
  const onPaste = (field: LineField) => (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const lines = pasteLines(
      {
        line: { chords: line.chords, lyrics: line.lyrics },
        field,
        selectionStart: input.selectionStart ?? input.value.length,
        selectionEnd: input.selectionEnd ?? input.value.length,
      },
      event.clipboardData.getData('text/plain'),
    );
    if (!lines) return;
    event.preventDefault();
    changeThenFocus(
      () => dispatch({ type: 'replaceLine', part: partIndex, line: lineIndex, lines }),
      fieldLabel(field, m + lines.length - 1),
    );
    caretToEnd();
  };
  const problemAt = (field: LineField) =>
    problem && (problem.field === field || (field === 'lyrics' && problem.field !== 'chords'))
      ? problem.text
      : undefined;
  const chordsProblem = problemAt('chords');
  const lyricsProblem = problemAt('lyrics');
  const moveTo = (to: number) =>
    changeThenFocus(
      () => dispatch({ type: 'moveLine', part: partIndex, line: lineIndex, to }),
      to < lineIndex
        ? t('songs.form.moveLineUp', { n, m: to + 1 })
        : t('songs.form.moveLineDown', { n, m: to + 1 }),
      to < lineIndex
        ? t('songs.form.moveLineDown', { n, m: to + 1 })
        : t('songs.form.moveLineUp', { n, m: to + 1 }),
    );
  const remove = () =>
    changeThenFocus(
      () => dispatch({ type: 'removeLine', part: partIndex, line: lineIndex }),
      t('songs.form.chords', { n, m }),
      t('songs.form.chords', { n, m: m - 1 }),
      t('songs.form.addLine', { n }),
    );

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <TextField
          value={line.chords}
          onChange={(event) => setField('chords', event.target.value)}
          placeholder={t('songs.form.chordsPlaceholder')}
          size="small"
          fullWidth
          error={chordsProblem !== undefined}
          helperText={chordsProblem}
          sx={[lineInputSx, chordsColorSx]}
          slotProps={{
            htmlInput: {
              'aria-label': t('songs.form.chords', { n, m }),
              maxLength: SONG_LIMITS.lineMaxLength,
              spellCheck: false,
              autoComplete: 'off',
              autoCapitalize: 'off',
              onKeyDown: onKeyDown('chords'),
              onPaste: onPaste('chords'),
            },
          }}
        />
        <TextField
          value={line.lyrics}
          onChange={(event) => setField('lyrics', event.target.value)}
          placeholder={t('songs.form.lyricsPlaceholder')}
          size="small"
          fullWidth
          error={lyricsProblem !== undefined}
          helperText={lyricsProblem}
          sx={lineInputSx}
          slotProps={{
            htmlInput: {
              'aria-label': t('songs.form.lyrics', { n, m }),
              maxLength: SONG_LIMITS.lineMaxLength,
              autoComplete: 'off',
              // Hebrew and Arabic lyrics are typed from the right.
              dir: 'auto',
              onKeyDown: onKeyDown('lyrics'),
              onPaste: onPaste('lyrics'),
            },
          }}
        />
        {translations.map((tr) => (
          <TextField
            key={tr.key}
            value={line.translated?.[tr.key] ?? ''}
            onChange={(event) =>
              dispatch({
                type: 'setTranslationLine',
                part: partIndex,
                line: lineIndex,
                translation: tr.key,
                value: event.target.value,
              })
            }
            placeholder={t('songs.form.translationPlaceholder', {
              language: languageLabel(tr.lang),
            })}
            size="small"
            fullWidth
            sx={translationInputSx}
            slotProps={{
              htmlInput: {
                'aria-label': t('songs.form.translationLine', {
                  n,
                  m,
                  language: languageLabel(tr.lang),
                }),
                maxLength: SONG_LIMITS.lineMaxLength,
                autoComplete: 'off',
                lang: tr.lang,
                dir: 'auto',
              },
            }}
          />
        ))}
      </Stack>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexShrink: 0 }}>
        <IconButton
          aria-label={t('songs.form.moveLineUp', { n, m })}
          onClick={() => moveTo(lineIndex - 1)}
          disabled={lineIndex === 0}
          size="small"
        >
          <KeyboardArrowUpIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('songs.form.moveLineDown', { n, m })}
          onClick={() => moveTo(lineIndex + 1)}
          disabled={lineIndex === lineCount - 1}
          size="small"
        >
          <KeyboardArrowDownIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={t('songs.form.removeLine', { n, m })} onClick={remove} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
    </Stack>
  );
});
