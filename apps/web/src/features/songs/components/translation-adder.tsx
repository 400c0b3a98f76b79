import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TranslateIcon from '@mui/icons-material/Translate';
import { SONG_LIMITS } from '@segue/shared';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The language picker "Add translation" opens: choosing a language adds the translation. */
export function TranslationLanguagePicker(props: {
  /** Languages the part has already (its song's own, its translations'): not offered. */
  taken: readonly string[];
  onAdd: (lang: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', maxWidth: 480 }}>
      <Box sx={{ flex: 1 }}>
        <LanguagePicker
          label={t('songs.form.translationLanguage')}
          value={null}
          exclude={props.taken}
          helperText={t('songs.form.translationLanguageHelp')}
          autoFocus
          fullWidth
          onChange={(tag) => {
            if (tag) props.onAdd(tag);
          }}
        />
      </Box>
      <Button size="small" onClick={props.onCancel} sx={{ mt: 0.5 }}>
        {t('songs.form.cancel')}
      </Button>
    </Stack>
  );
}

/**
 * "Add translation" for a part: the button, then the language picker in its place. Hidden
 * once the part has as many as a song may.
 */
export function TranslationAdder(props: {
  /** How the part is named in the button's accessible name ("part 2"). */
  partName: string;
  taken: readonly string[];
  count: number;
  onAdd: (lang: string) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (props.count >= SONG_LIMITS.maxTranslationsPerPart) return null;
  if (!open) {
    return (
      <Button
        size="small"
        startIcon={<TranslateIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('songs.form.addTranslationTo', { part: props.partName })}
      >
        {t('songs.form.addTranslation')}
      </Button>
    );
  }
  return (
    <TranslationLanguagePicker
      taken={props.taken}
      onAdd={(lang) => {
        props.onAdd(lang);
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
