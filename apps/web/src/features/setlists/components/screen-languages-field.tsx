import { useId } from 'react';
import { Controller } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { sameLanguage } from '@segue/shared';
import { languageLabel } from '../../../components/chart/language-names.ts';
import { NativeChoice } from '../../../components/native-choice.tsx';
import type { SetlistFormControl } from './setlist-form-values.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface ScreenLanguagesFieldProps {
  control: SetlistFormControl;
  /** The languages of the setlist's songs, to choose from. */
  languages: readonly string[];
  disabled?: boolean | undefined;
  /** The form's problem with the field, if any. */
  error?: string | undefined;
}

/**
 * "Screen languages": up to two of the songs' languages, the first shown over the second on
 * the projector and the stage display; none shows each song's main lyrics.
 */
export function ScreenLanguagesField({
  control,
  languages,
  disabled,
  error,
}: ScreenLanguagesFieldProps) {
  const t = useT();
  const labelId = useId();
  const helpId = useId();
  return (
    <Controller
      control={control}
      name="lyricLanguages"
      render={({ field }) => {
        const chosen = field.value ?? [];
        const [first = '', second = ''] = chosen;
        // A language chosen before its song left the setlist stays choosable, not lost.
        const offered = [...languages];
        for (const lang of chosen)
          if (!offered.some((known) => sameLanguage(known, lang))) offered.push(lang);
        const options = (except: string) =>
          offered
            .filter((lang) => !sameLanguage(lang, except))
            .map((lang) => [lang, languageLabel(lang)] as const);
        return (
          <FormControl component="fieldset" disabled={disabled} aria-describedby={helpId}>
            <FormLabel id={labelId} component="legend">
              {t('setlists.languages.legend')}
            </FormLabel>
            <FormHelperText id={helpId} sx={{ mx: 0, mb: 1.5 }}>
              {offered.length === 0 ? t('setlists.languages.none') : t('setlists.languages.help')}
            </FormHelperText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeChoice
                label={t('setlists.languages.first')}
                value={first}
                disabled={disabled || offered.length === 0}
                options={[['', t('setlists.languages.mainLyrics')], ...options('')]}
                onChange={(lang) =>
                  field.onChange(
                    lang
                      ? [lang, ...(sameLanguage(second, lang) ? [] : [second])].filter(Boolean)
                      : [],
                  )
                }
              />
              <NativeChoice
                label={t('setlists.languages.second')}
                value={second}
                disabled={disabled || !first}
                options={[['', t('setlists.languages.noSecond')], ...options(first)]}
                onChange={(lang) => field.onChange(lang ? [first, lang] : [first])}
              />
            </Stack>
            {error && <FormHelperText error>{fieldError(error)}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
