import { memo } from 'react';
import type { Dispatch } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { PART_LABEL_SUGGESTIONS, SONG_LIMITS } from '@segue/shared';
import { languageLabel } from '../../../components/chart/language-names.ts';
import { ADD_PART_BUTTON_ID, changeThenFocus, partLabelInputId } from './focus-control.ts';
import type { PartDraft, SongDraftAction } from './song-form-state.ts';
import { SongLineEditor } from './song-line-editor.tsx';
import { problemUnder } from './song-problem-field.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { TranslationAdder } from './translation-adder.tsx';

interface SongPartEditorProps {
  part: PartDraft;
  /** 0-based position; the labels count from 1. */
  index: number;
  partCount: number;
  /** The song's own language, which a translation cannot be in; '' when none. */
  language: string;
  dispatch: Dispatch<SongDraftAction>;
  /**
   * A problem with this part, its field relative to the part: 'label', 'lines' (too few or too
   * many), or a line's ('lines.2.lyrics').
   */
  problem?: { text: string; field: string } | undefined;
}

/** The `id` of part `n`'s message about its lines, which its Add Line button points to. */
const linesProblemId = (n: number) => `song-part-${n}-lines-problem`;

/** One part of the song: its label (free text with suggestions), its lines, and its buttons. */
export const SongPartEditor = memo(function SongPartEditor({
  part,
  index,
  partCount,
  language,
  dispatch,
  problem,
}: SongPartEditorProps) {
  const t = useT();
  const translations = part.translations ?? [];
  const n = index + 1;
  const labelProblem = problem?.field === 'label' ? problem.text : undefined;
  const linesProblem = problem?.field === 'lines' ? problem.text : undefined;
  const setLabel = (label: string) => {
    if (label !== part.label) dispatch({ type: 'setLabel', part: index, label });
  };
  const moveTo = (to: number) =>
    changeThenFocus(
      () => dispatch({ type: 'movePart', part: index, to }),
      to < index
        ? t('songs.form.movePartUp', { n: to + 1 })
        : t('songs.form.movePartDown', { n: to + 1 }),
      to < index
        ? t('songs.form.movePartDown', { n: to + 1 })
        : t('songs.form.movePartUp', { n: to + 1 }),
    );
  const remove = () =>
    changeThenFocus(
      () => dispatch({ type: 'removePart', part: index }),
      `#${partLabelInputId(n)}`,
      `#${partLabelInputId(n - 1)}`,
      `#${ADD_PART_BUTTON_ID}`,
    );
  const addLine = () =>
    changeThenFocus(
      () => dispatch({ type: 'addLine', part: index }),
      t('songs.form.chords', { n, m: part.lines.length + 1 }),
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      role="group"
      aria-label={t('songs.form.part', { n })}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Autocomplete
          freeSolo
          disableClearable
          forcePopupIcon
          id={partLabelInputId(n)}
          options={PART_LABEL_SUGGESTIONS}
          value={part.label}
          onChange={(_event, value) => setLabel(value)}
          inputValue={part.label}
          onInputChange={(_event, value) => setLabel(value)}
          size="small"
          // Narrow, so its suggestions do not cover the line buttons on the right.
          sx={{ flexGrow: 1, maxWidth: 360 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('songs.form.label', { n })}
              required
              error={labelProblem !== undefined}
              helperText={labelProblem}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  // The visible label ends in the required mark; this name is the label alone.
                  'aria-label': t('songs.form.label', { n }),
                  maxLength: SONG_LIMITS.labelMaxLength,
                },
              }}
            />
          )}
        />
        <Box sx={{ display: 'flex', ml: 'auto', flexShrink: 0 }}>
          <IconButton
            aria-label={t('songs.form.movePartUp', { n })}
            onClick={() => moveTo(index - 1)}
            disabled={index === 0}
          >
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={t('songs.form.movePartDown', { n })}
            onClick={() => moveTo(index + 1)}
            disabled={index === partCount - 1}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('songs.form.removePart', { n })} onClick={remove} color="error">
            <DeleteIcon />
          </IconButton>
        </Box>
      </Stack>
      <Stack spacing={1.5}>
        {part.lines.map((line, lineIndex) => (
          <SongLineEditor
            key={line.key}
            line={line}
            partIndex={index}
            lineIndex={lineIndex}
            lineCount={part.lines.length}
            translations={translations}
            dispatch={dispatch}
            problem={problemUnder(problem, `lines.${lineIndex}`)}
          />
        ))}
      </Stack>
      {linesProblem && (
        <FormHelperText error id={linesProblemId(n)}>
          {linesProblem}
        </FormHelperText>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={addLine}
        aria-label={t('songs.form.addLine', { n })}
        aria-describedby={linesProblem ? linesProblemId(n) : undefined}
        size="small"
        sx={{ mt: 1 }}
      >
        {t('songs.form.addLineButton')}
      </Button>
      {translations.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {translations.map((tr) => (
            <Stack key={tr.key} direction="row" sx={{ alignItems: 'center' }}>
              <Chip lang={tr.lang} label={languageLabel(tr.lang)} size="small" />
              <IconButton
                size="small"
                aria-label={t('songs.form.removeTranslation', {
                  part: t('songs.form.partName', { n }),
                  language: languageLabel(tr.lang),
                })}
                onClick={() =>
                  dispatch({ type: 'removeTranslation', part: index, translation: tr.key })
                }
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <TranslationAdder
          partName={t('songs.form.partName', { n })}
          taken={[...(language ? [language] : []), ...translations.map((tr) => tr.lang)]}
          count={translations.length}
          onAdd={(lang) => dispatch({ type: 'addTranslation', part: index, lang })}
        />
      </Box>
    </Paper>
  );
});
