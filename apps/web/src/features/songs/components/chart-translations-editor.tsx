import { memo, useState } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import TranslateIcon from '@mui/icons-material/Translate';
import { SONG_LIMITS } from '@segue/shared';
import { languageLabel } from '../../../components/chart/language-names.ts';
import { chartPartKeys } from './song-form-state.ts';
import type { ChartTranslationDraft, SongDraftAction } from './song-form-state.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { TranslationLanguagePicker } from './translation-adder.tsx';

interface ChartTranslationsEditorProps {
  /** The chart's parts as read (a moment behind the typing). */
  parts: readonly { label: string; lines: readonly unknown[] }[];
  translations: readonly ChartTranslationDraft[];
  /** The song's own language, which a translation cannot be in; '' when none. */
  language: string;
  dispatch: Dispatch<SongDraftAction>;
  /** The problem the banner shows, when it is about one block ('chartTranslations.<key>'). */
  problem?: { text: string; field?: string | undefined } | null | undefined;
}

/**
 * The chart view's translations: "Add translation" for each part of the chart (a language
 * picker), and each translation as a block of lyric lines (one a line of its part, pasted or
 * typed) under the chart.
 */
export const ChartTranslationsEditor = memo(function ChartTranslationsEditor({
  parts,
  translations,
  language,
  dispatch,
  problem,
}: ChartTranslationsEditorProps) {
  const t = useT();
  const [adding, setAdding] = useState<string | null>(null);
  if (parts.length === 0) return null;
  const keys = chartPartKeys(parts);
  const labelOf = (i: number) => parts[i]?.label.trim() || t('songs.form.partName', { n: i + 1 });
  const addingAt = adding === null ? -1 : keys.indexOf(adding);
  const ownOf = (key: string) => translations.filter((own) => own.part === key);
  return (
    <Box component="section" aria-label={t('songs.form.translations')}>
      {/* One row of buttons, a part each: the chart stays near the top of a short screen. */}
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('songs.form.addTranslationLead')}
        </Typography>
        {keys.map((key, i) =>
          ownOf(key).length >= SONG_LIMITS.maxTranslationsPerPart ? null : (
            <Button
              key={key}
              size="small"
              variant={adding === key ? 'contained' : 'text'}
              startIcon={<TranslateIcon />}
              aria-label={t('songs.form.addTranslationTo', { part: labelOf(i) })}
              onClick={() => setAdding(adding === key ? null : key)}
            >
              {labelOf(i)}
            </Button>
          ),
        )}
      </Stack>
      {addingAt >= 0 && adding !== null && (
        <Box sx={{ mt: 1.5 }}>
          <TranslationLanguagePicker
            taken={[...(language ? [language] : []), ...ownOf(adding).map((own) => own.lang)]}
            onAdd={(lang) => {
              dispatch({ type: 'addChartTranslation', part: adding, lang });
              setAdding(null);
            }}
            onCancel={() => setAdding(null)}
          />
        </Box>
      )}
      <Stack spacing={1.5} sx={{ mt: translations.length > 0 ? 1.5 : 0 }}>
        {keys.flatMap((key, i) =>
          ownOf(key).map((tr) => {
            const label = labelOf(i);
            const name = languageLabel(tr.lang);
            const invalid = problem?.field === `chartTranslations.${tr.key}`;
            const lines = parts[i]?.lines.length ?? 0;
            return (
              <Stack key={tr.key} direction="row" spacing={1} sx={{ alignItems: 'start' }}>
                <TextField
                  label={t('songs.form.chartTranslation', { label, language: name })}
                  value={tr.text}
                  onChange={(event) =>
                    dispatch({
                      type: 'setChartTranslation',
                      translation: tr.key,
                      text: event.target.value,
                    })
                  }
                  multiline
                  minRows={Math.min(Math.max(lines, 2), 12)}
                  fullWidth
                  error={invalid}
                  helperText={
                    invalid ? problem?.text : t('songs.form.chartTranslationHelp', { lines })
                  }
                  slotProps={{
                    htmlInput: {
                      lang: tr.lang,
                      dir: 'auto',
                      spellCheck: false,
                      autoComplete: 'off',
                    },
                  }}
                />
                <IconButton
                  aria-label={t('songs.form.removeTranslation', { part: label, language: name })}
                  onClick={() => dispatch({ type: 'removeChartTranslation', translation: tr.key })}
                >
                  <CloseIcon />
                </IconButton>
              </Stack>
            );
          }),
        )}
      </Stack>
    </Box>
  );
});
