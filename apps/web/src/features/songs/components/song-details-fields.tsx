import { memo } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { SONG_LIMITS } from '@segue/shared';
import { KeyOptions } from '../../../components/key-options.tsx';
import { SongAuthorsEditor } from './song-authors-editor.tsx';
import type { DetailTextField, DetailsDraft, SongDraftAction } from './song-form-state.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const HEADING_ID = 'song-form-details-heading';
const MORE_DETAILS_ID = 'song-form-more-details';

/** The details folded under "More details"; a problem with one of them unfolds it. */
export const MORE_DETAIL_FIELDS = ['ccli', 'copyright', 'authors'] as const;

const CAPO_FRETS = Array.from({ length: SONG_LIMITS.maxCapo + 1 }, (_v, fret) => fret);

// Four short fields in a row from sm up, two by two on a phone, so the parts stay near the top.
const shortFieldsSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
} as const;

// CCLI as wide as Key above it, the copyright in the other three columns.
const moreFieldsSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 3fr)' },
} as const;

interface SongDetailsFieldsProps {
  details: DetailsDraft;
  dispatch: Dispatch<SongDraftAction>;
  moreOpen: boolean;
  onMoreOpenChange: (open: boolean) => void;
  /** The schema's path of the detail the banner is about ('tempo', 'authors.1.name'), if any. */
  invalidField: string | undefined;
  /** The banner's text, said again under that field. */
  problem?: string | undefined;
}

/**
 * The song's details: key, capo, tempo and time at hand; CCLI number, copyright and authors
 * folded under "More details" (unfolded when the song has any of them).
 */
export const SongDetailsFields = memo(function SongDetailsFields({
  details,
  dispatch,
  moreOpen,
  onMoreOpenChange,
  invalidField,
  problem,
}: SongDetailsFieldsProps) {
  const t = useT();
  /** The props that mark the field the problem is about, with the problem under it. */
  const invalid = (field: string) =>
    invalidField === field ? { error: true, helperText: problem } : { error: false };
  const setText = (field: DetailTextField, value: string) =>
    dispatch({ type: 'setDetail', field, value });
  // A key the list does not spell this way (Gb, C#…) stays choosable rather than lost.

  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <Typography id={HEADING_ID} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('songs.form.details')}
      </Typography>
      <Box sx={shortFieldsSx}>
        <TextField
          select
          label={t('songs.form.key')}
          value={details.key}
          onChange={(event) => setText('key', event.target.value)}
          {...invalid('key')}
          size="small"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('songs.form.noKey')}</option>
          <KeyOptions value={details.key} />
        </TextField>
        <TextField
          select
          label={t('songs.form.capo')}
          value={String(details.capo)}
          onChange={(event) => dispatch({ type: 'setCapo', capo: Number(event.target.value) })}
          {...invalid('capo')}
          size="small"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {CAPO_FRETS.map((fret) => (
            <option key={fret} value={fret}>
              {fret === 0 ? t('songs.form.noCapo') : fret}
            </option>
          ))}
        </TextField>
        <TextField
          label={t('songs.form.tempo')}
          value={details.tempo}
          onChange={(event) => setText('tempo', event.target.value)}
          {...invalid('tempo')}
          size="small"
          autoComplete="off"
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', maxLength: 3 },
          }}
        />
        <TextField
          label={t('songs.form.time')}
          value={details.time}
          onChange={(event) => setText('time', event.target.value)}
          {...invalid('time')}
          placeholder={t('songs.form.timePlaceholder')}
          size="small"
          autoComplete="off"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 5 } }}
        />
      </Box>
      <Button
        size="small"
        onClick={() => onMoreOpenChange(!moreOpen)}
        aria-expanded={moreOpen}
        aria-controls={MORE_DETAILS_ID}
        startIcon={
          <ExpandMoreIcon
            sx={{
              transform: moreOpen ? 'rotate(180deg)' : 'none',
              transition: (theme) => theme.transitions.create('transform'),
            }}
          />
        }
        sx={{ mt: 1 }}
      >
        {t('songs.form.moreDetails')}
      </Button>
      <Collapse in={moreOpen} id={MORE_DETAILS_ID}>
        <Stack spacing={2} sx={{ pt: 1.5 }}>
          <Box sx={moreFieldsSx}>
            <TextField
              label={t('songs.form.ccli')}
              value={details.ccli}
              onChange={(event) => setText('ccli', event.target.value)}
              {...invalid('ccli')}
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
            />
            <TextField
              label={t('songs.form.copyright')}
              value={details.copyright}
              onChange={(event) => setText('copyright', event.target.value)}
              {...invalid('copyright')}
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: SONG_LIMITS.copyrightMaxLength } }}
            />
          </Box>
          <SongAuthorsEditor
            authors={details.authors}
            dispatch={dispatch}
            invalidField={invalidField}
            problem={problem}
          />
        </Stack>
      </Collapse>
    </Box>
  );
});
