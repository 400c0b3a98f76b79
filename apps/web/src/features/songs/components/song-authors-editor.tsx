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
import { songDetailsLabels as labels } from './song-texts.ts';

const ADD_AUTHOR_BUTTON_ID = 'song-form-add-author';
const HEADING_ID = 'song-form-authors-heading';

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
  const add = () =>
    changeThenFocus(() => dispatch({ type: 'addAuthor' }), labels.authorName(authors.length + 1));
  const remove = (index: number) =>
    changeThenFocus(
      () => dispatch({ type: 'removeAuthor', author: index }),
      labels.authorName(index + 1),
      labels.authorName(index),
      `#${ADD_AUTHOR_BUTTON_ID}`,
    );

  return (
    <Box role="group" aria-labelledby={HEADING_ID}>
      <Typography id={HEADING_ID} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {labels.authors}
      </Typography>
      <Stack spacing={1.5}>
        {authors.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {labels.noAuthors}
          </Typography>
        )}
        {authors.map((author, index) => {
          const n = index + 1;
          return (
            <Stack key={author.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={`Author ${n}`}
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
                    'aria-label': labels.authorName(n),
                    maxLength: SONG_LIMITS.authorNameMaxLength,
                  },
                }}
              />
              <TextField
                select
                label="Wrote"
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
                  htmlInput: { 'aria-label': labels.authorType(n) },
                }}
              >
                {SONG_AUTHOR_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {labels.authorTypes[type]}
                  </option>
                ))}
              </TextField>
              <IconButton
                aria-label={labels.removeAuthor(n)}
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
        {labels.addAuthor}
      </Button>
    </Box>
  );
});
