import { memo } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { SONG_AUTHOR_TYPES, SONG_LIMITS } from '@segue/shared';
import type { SongAuthorType } from '@segue/shared';
import { changeThenFocus } from './focus-control.ts';
import type { AuthorDraft, SongDraftAction } from './song-form-state.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const ADD_AUTHOR_BUTTON_ID = 'song-form-add-author';
const HEADING_ID = 'song-form-authors-heading';

const AUTHOR_TYPE_LABELS = {
  words: 'songs.form.authorTypeWords',
  music: 'songs.form.authorTypeMusic',
  translation: 'songs.form.authorTypeTranslation',
} as const;

interface SongAuthorsEditorProps {
  authors: AuthorDraft[];
  dispatch: Dispatch<SongDraftAction>;
  /** The schema's path of the detail the banner is about ('authors.1.name'), if any. */
  invalidField: string | undefined;
  /** The banner's text, said again under that field. */
  problem?: string | undefined;
}

/** Who wrote the song: a name and what they wrote (words, music or a translation) per row. */
export const SongAuthorsEditor = memo(function SongAuthorsEditor({
  authors,
  dispatch,
  invalidField,
  problem,
}: SongAuthorsEditorProps) {
  const t = useT();
  const add = () =>
    changeThenFocus(
      () => dispatch({ type: 'addAuthor' }),
      t('songs.form.authorName', { n: authors.length + 1 }),
    );
  const remove = (index: number) =>
    changeThenFocus(
      () => dispatch({ type: 'removeAuthor', author: index }),
      t('songs.form.authorName', { n: index + 1 }),
      t('songs.form.authorName', { n: index }),
      `#${ADD_AUTHOR_BUTTON_ID}`,
    );

  return (
    <Box role="group" aria-labelledby={HEADING_ID}>
      <Typography id={HEADING_ID} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('songs.form.authors')}
      </Typography>
      <Stack spacing={1.5}>
        {authors.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('songs.form.noAuthors')}
          </Typography>
        )}
        {authors.map((author, index) => {
          const n = index + 1;
          return (
            <Stack key={author.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('songs.form.author', { n })}
                value={author.name}
                onChange={(event) =>
                  dispatch({ type: 'setAuthorName', author: index, name: event.target.value })
                }
                error={invalidField === `authors.${index}.name`}
                helperText={invalidField === `authors.${index}.name` ? problem : undefined}
                size="small"
                autoComplete="off"
                sx={{ flexGrow: 1, minWidth: 0 }}
                slotProps={{
                  htmlInput: {
                    'aria-label': t('songs.form.authorName', { n }),
                    maxLength: SONG_LIMITS.authorNameMaxLength,
                  },
                }}
              />
              <TextField
                select
                label={t('songs.form.wrote')}
                value={author.type}
                onChange={(event) =>
                  dispatch({
                    type: 'setAuthorType',
                    author: index,
                    authorType: event.target.value as SongAuthorType,
                  })
                }
                error={invalidField === `authors.${index}.type`}
                helperText={invalidField === `authors.${index}.type` ? problem : undefined}
                size="small"
                sx={{ width: { xs: 120, sm: 150 }, flexShrink: 0 }}
                slotProps={{
                  select: { native: true },
                  htmlInput: { 'aria-label': t('songs.form.authorType', { n }) },
                }}
              >
                {SONG_AUTHOR_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(AUTHOR_TYPE_LABELS[type])}
                  </option>
                ))}
              </TextField>
              <IconButton
                aria-label={t('songs.form.removeAuthor', { n })}
                onClick={() => remove(index)}
                size="small"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button
        id={ADD_AUTHOR_BUTTON_ID}
        startIcon={<AddIcon />}
        onClick={add}
        disabled={authors.length >= SONG_LIMITS.maxAuthors}
        size="small"
        sx={{ mt: 1 }}
      >
        {t('songs.form.addAuthor')}
      </Button>
    </Box>
  );
});
