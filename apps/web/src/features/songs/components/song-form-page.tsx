import { lazy, Suspense, useDeferredValue, useMemo, useReducer, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DEFAULT_CHORD_VIEW, SONG_LIMITS, songLanguages } from '@segue/shared';
import type { Song } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { SongChart } from '../../../components/chart/song-chart.tsx';
import type { ChartSongPart } from '../../../components/chart/song-chart.tsx';
import type { LyricPick } from '../../../components/chart/lyric-languages.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useSaveSong } from '../api/save-song.ts';
import { useSong } from '../api/songs.ts';
import { useLeaveBlocker } from '../hooks/use-leave-blocker.ts';
import { ADD_PART_BUTTON_ID, changeThenFocus, partLabelInputId } from './focus-control.ts';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { MORE_DETAIL_FIELDS, SongDetailsFields } from './song-details-fields.tsx';
import { ChartTranslationsEditor } from './chart-translations-editor.tsx';
import {
  chartOfParts,
  chartSongInput,
  draftWithChartParts,
  draftSnapshot,
  draftToSong,
  hasMoreDetails,
  initialDraft,
  songDraftReducer,
  songFormProblem,
} from './song-form-state.ts';
import type { EntryView, SongDraft } from './song-form-state.ts';
import { chartProblemText, readChartText } from './song-chart-text.ts';
import { LeaveSongDialog } from './leave-song-dialog.tsx';
import { SongPartEditor } from './song-part-editor.tsx';
import { problemUnder, songProblemField } from './song-problem-field.ts';
import { songMessageText } from './song-messages.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';

// Opened on demand: it brings the ChordPro and chords-over-words readers.
const PasteChartDialog = lazy(() =>
  import('./paste-chart-dialog.tsx').then((m) => ({ default: m.PasteChartDialog })),
);

/** Spec section 9: the song form is at most 1000 px wide. */
const FORM_MAX_WIDTH = 1000;

const PARTS_PROBLEM_ID = 'song-form-parts-problem';
const CHART_INPUT_ID = 'song-form-chart';
const viewTabId = (view: EntryView) => `song-form-${view}-tab`;
const viewPanelId = (view: EntryView) => `song-form-${view}-panel`;
/**
 * On a phone the preview stands below the chart: past this many rows the chart scrolls in its
 * box, so the preview and the buttons stay a short swipe away.
 */
const PHONE_CHART_MAX_ROWS = 14;
/** The details' schema names ('tempo', 'authors.1.name' under 'authors'). */
const DETAIL_FIELDS = new Set([
  'key',
  'language',
  'capo',
  'tempo',
  'time',
  'ccli',
  'copyright',
  'authors',
]);

/** /songs/new and /songs/{id}/edit: a song's title, artist, details, and parts with their lines. */
export function SongFormPage() {
  const t = useT();
  const { id: songId } = useParams();
  const content = (
    <CurrentTeamGate>
      {(team) =>
        songId ? (
          <EditSong key={`${team._id}/${songId}`} teamId={team._id} songId={songId} />
        ) : (
          <SongForm key={team._id} teamId={team._id} />
        )
      }
    </CurrentTeamGate>
  );

  return (
    <Box sx={{ maxWidth: FORM_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton
          component={RouterLink}
          to="/songs"
          aria-label={t('songs.backToLibrary')}
          edge="start"
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {songId ? t('songs.form.editSong') : t('songs.form.newSong')}
        </Typography>
      </Stack>
      {content}
    </Box>
  );
}

/** Edit mode: the song is loaded afresh first; the form copies it once. */
function EditSong({ teamId, songId }: { teamId: string; songId: string }) {
  const t = useT();
  const song = useSong(teamId, songId);

  // A cached copy may be older than someone else's last edit: wait for this visit's answer.
  if (!song.isFetchedAfterMount) return <PageLoading />;
  if (song.error || !song.data) {
    return <Alert severity="error">{t('songs.failedToLoadSong')}</Alert>;
  }
  return <SongForm teamId={teamId} song={song.data} />;
}

interface Banner {
  severity: AlertColor;
  text: string;
  /**
   * The field the banner is about, as the schema names it ('title', 'parts.1.label', 'tempo',
   * 'authors.1.name', 'chart'): marked on its input, with the text beside it.
   */
  field?: string | undefined;
  /** The chart's line the problem is at, said at the chart ("Line 4: …"). */
  line?: number | undefined;
}

/**
 * The parts the preview shows: the chart view's text as read, or the line-by-line parts. A
 * part not labelled yet is named by its place, so its heading is never empty.
 */
function previewParts(draft: SongDraft): ChartSongPart[] {
  const parts =
    draft.view === 'chart'
      ? draftWithChartParts(draft, readChartText(draft.chart.text).chart).parts
      : draft.parts;
  // The song as it would be saved, with its translations (draftToSong's).
  const saved = draftToSong({ ...draft, parts }).parts;
  return saved.map((part, index) => ({
    label: part.label.trim()
      ? part.label
      : translate('songs.form.unlabelledPart', { n: index + 1 }),
    lines: part.lines,
    translations: part.translations,
  }));
}

interface SongFormProps {
  teamId: string;
  /** The song to edit; a new song when undefined. */
  song?: Song;
}

function SongForm({ teamId, song }: SongFormProps) {
  const t = useT();
  const [draft, dispatch] = useReducer(songDraftReducer, song, initialDraft);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [moreOpen, setMoreOpen] = useState(() => hasMoreDetails(draft.details));
  const [saved, setSaved] = useState(false);
  const saveSong = useSaveSong(teamId);
  // Offline nothing could be saved: the form stays readable, Save is off.
  const changesAllowed = useChangesAllowed();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const partCount = draft.parts.length;
  const [pasting, setPasting] = useState(false);
  const phone = usePhoneLayout();
  // The preview follows the typing a moment behind, so typing stays quick in a long song.
  const previewed = useDeferredValue(draft);
  const shownParts = useMemo(() => previewParts(previewed), [previewed]);
  const chartParts = useMemo(
    () => (previewed.view === 'chart' ? readChartText(previewed.chart.text).chart.parts : []),
    [previewed],
  );
  // The preview shows every language: the main lyrics, each translation under them.
  const previewPicks = useMemo<LyricPick[]>(
    () => [
      { main: true },
      ...songLanguages({ language: null, parts: shownParts }).map((lang) => ({ lang })),
    ],
    [shownParts],
  );
  const chartNotes = useMemo(
    () =>
      previewed.view === 'chart'
        ? readChartText(previewed.chart.text).problems.map((problem) =>
            songMessageText(chartProblemText(problem)),
          )
        : [],
    [previewed],
  );

  // Leaving with changes not saved asks first; a draft typed back to the song is unchanged.
  const [savedSnapshot] = useState(() => draftSnapshot(draft));
  const changed = useMemo(() => draftSnapshot(draft) !== savedSnapshot, [draft, savedSnapshot]);
  const leaveBlocker = useLeaveBlocker(changed && !saved);

  /** Shows the problem in the banner and at its field, and takes the focus there. */
  const showProblem = (problem: Banner) => {
    const detail = problem.field?.split('.')[0];
    flushSync(() => {
      // Problems come in English (the shared checks, the server): said in the active language.
      setBanner({ ...problem, text: songMessageText(problem.text) });
      if (MORE_DETAIL_FIELDS.some((field) => field === detail)) setMoreOpen(true);
    });
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saveSong.isPending) return;
    // Spec section 5: the first problem, in the spec's order (then the details'), and no request;
    // the chart view says the same, at the chart.
    const { input, problem } =
      draft.view === 'chart'
        ? chartSongInput(draft)
        : { input: draftToSong(draft), problem: songFormProblem(draftToSong(draft)) };
    if (problem) {
      showProblem({ severity: 'warning', ...problem });
      return;
    }
    setBanner(null);
    saveSong.mutate(
      { songId: song?._id, song: { ...input, teamId } },
      {
        onSuccess: () => {
          // At once, so the navigation below is not held as leaving unsaved changes.
          flushSync(() => setSaved(true));
          void navigate('/songs');
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) console.error('Failed to save song', error);
          const text = errorMessage(error, t('songs.form.failedToSaveSong'));
          // The server refuses a song with the same messages as the form: show them there too.
          const found =
            error instanceof ApiRequestError && error.status === 400 && error.error
              ? songProblemField(error.error, input)
              : undefined;
          const inChart = draft.view === 'chart' && found?.split('.')[0] === 'parts';
          showProblem({ severity: 'error', text, field: inChart ? 'chart' : found });
        },
      },
    );
  };

  // Enter in a text box does not send the form (a half-typed song is easily sent by mistake):
  // only the Create/Update button does. Enter in a line adds a line (SongLineEditor).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const problemAt = (field: string) => (banner?.field === field ? banner.text : undefined);
  const titleProblem = problemAt('title');
  const artistProblem = problemAt('artist');
  const languageProblem = problemAt('language');
  const partsProblem = problemAt('parts');
  const detailsProblem = DETAIL_FIELDS.has(banner?.field?.split('.')[0] ?? '')
    ? banner?.text
    : undefined;

  const chartProblem = banner?.field === 'chart' ? banner : undefined;
  const chartHelp = chartProblem
    ? chartProblem.line === undefined
      ? chartProblem.text
      : // The banner's text is said in the active language already.
        t('songs.problemAtLine', { line: String(chartProblem.line), text: chartProblem.text })
    : [...chartNotes, t('songs.form.chartHelp')].join(' ');

  /**
   * Switches the view, carrying what was typed: the chart's text becomes parts, the parts
   * become a chart. What one view cannot take (a line the chart reader cannot use, a part
   * without a label) is shown where it is, and the view stays.
   */
  const showView = (view: EntryView) => {
    if (view === draft.view) return;
    if (view === 'lines') {
      const read = readChartText(draft.chart.text);
      const [problem] = read.problems;
      if (problem) {
        showProblem({
          severity: 'warning',
          text: problem.text,
          field: 'chart',
          line: problem.line,
        });
        return;
      }
      setBanner(null);
      dispatch({ type: 'showLines', chart: read.chart });
      return;
    }
    const chart = chartOfParts(draft.parts);
    if (chart.problem) {
      showProblem({ severity: 'warning', ...chart.problem });
      return;
    }
    setBanner(null);
    dispatch({ type: 'showChart', text: chart.text });
  };

  const preview = (
    <Box
      component="section"
      aria-labelledby="song-form-preview"
      sx={draft.view === 'chart' ? { flex: 1, minWidth: 0 } : undefined}
    >
      <Typography id="song-form-preview" variant="h6" component="h2" gutterBottom>
        {t('songs.form.formPreview')}
      </Typography>
      <SongChart
        parts={shownParts}
        language={previewed.details.language || null}
        picks={previewPicks}
        chordsKey={previewed.details.key || null}
        view={DEFAULT_CHORD_VIEW}
        heading="h3"
      />
    </Box>
  );

  const addPart = () =>
    changeThenFocus(() => dispatch({ type: 'addPart' }), `#${partLabelInputId(partCount + 1)}`);

  return (
    <>
      <Stack
        component="form"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        spacing={2.5}
      >
        <TextField
          label={t('songs.form.title')}
          value={draft.title}
          onChange={(event) => dispatch({ type: 'setTitle', title: event.target.value })}
          required
          error={titleProblem !== undefined}
          helperText={titleProblem}
          fullWidth
          autoFocus={!song}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              'aria-label': t('songs.form.title'),
              maxLength: SONG_LIMITS.titleMaxLength,
            },
          }}
        />
        {/* The artist and the lyrics' language share a row: the chart stays near the top. */}
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('songs.form.artist')}
            value={draft.artist}
            onChange={(event) => dispatch({ type: 'setArtist', artist: event.target.value })}
            error={artistProblem !== undefined}
            helperText={artistProblem}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: SONG_LIMITS.artistMaxLength } }}
            sx={{ flex: { xs: 1, sm: 2 }, minWidth: 0 }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <LanguagePicker
              label={t('songs.form.language')}
              value={draft.details.language || null}
              onChange={(tag) =>
                dispatch({ type: 'setDetail', field: 'language', value: tag ?? '' })
              }
              error={languageProblem !== undefined}
              helperText={languageProblem}
              fullWidth
              size="medium"
            />
          </Box>
        </Stack>
        <Box>
          <SongDetailsFields
            details={draft.details}
            dispatch={dispatch}
            moreOpen={moreOpen}
            onMoreOpenChange={setMoreOpen}
            invalidField={banner?.field}
            problem={banner?.text}
          />
          {/* A problem of the authors as a whole ("at most 20") has no field of its own. */}
          {banner?.field === 'authors' && <FormHelperText error>{detailsProblem}</FormHelperText>}
        </Box>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2">
            {t('songs.form.parts')}
          </Typography>
          <Button startIcon={<ContentPasteIcon />} onClick={() => setPasting(true)}>
            {t('songs.form.pasteChart')}
          </Button>
        </Stack>
        <Tabs
          value={draft.view}
          onChange={(_event, view: EntryView) => showView(view)}
          aria-label={t('songs.form.views')}
          sx={{ borderBottom: 1, borderColor: 'divider', mt: '4px !important' }}
        >
          <Tab
            value="chart"
            label={t('songs.form.chartView')}
            id={viewTabId('chart')}
            aria-controls={viewPanelId('chart')}
          />
          <Tab
            value="lines"
            label={t('songs.form.linesView')}
            id={viewTabId('lines')}
            aria-controls={viewPanelId('lines')}
          />
        </Tabs>
        {draft.view === 'chart' ? (
          <Stack
            role="tabpanel"
            id={viewPanelId('chart')}
            aria-labelledby={viewTabId('chart')}
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
          >
            {/* The chart, and its parts' translations under it. */}
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <TextField
                id={CHART_INPUT_ID}
                label={t('songs.form.chart')}
                value={draft.chart.text}
                onChange={(event) => dispatch({ type: 'setChartText', text: event.target.value })}
                multiline
                minRows={12}
                maxRows={phone ? PHONE_CHART_MAX_ROWS : undefined}
                placeholder={t('songs.form.chartPlaceholder')}
                error={chartProblem !== undefined}
                helperText={chartHelp}
                sx={{ minWidth: 0 }}
                slotProps={{
                  htmlInput: {
                    spellCheck: false,
                    autoCapitalize: 'off',
                    autoComplete: 'off',
                    style: { fontFamily: 'monospace' },
                  },
                }}
              />
              <ChartTranslationsEditor
                parts={chartParts}
                translations={draft.chartTranslations}
                language={draft.details.language}
                dispatch={dispatch}
                problem={banner}
              />
            </Stack>
            {preview}
          </Stack>
        ) : (
          <Stack
            role="tabpanel"
            id={viewPanelId('lines')}
            aria-labelledby={viewTabId('lines')}
            spacing={2.5}
          >
            {draft.parts.map((part, index) => (
              <SongPartEditor
                key={part.key}
                part={part}
                index={index}
                partCount={partCount}
                language={draft.details.language}
                dispatch={dispatch}
                problem={problemUnder(banner, `parts.${index}`)}
              />
            ))}
            <Box>
              <Button
                id={ADD_PART_BUTTON_ID}
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={addPart}
                aria-describedby={partsProblem ? PARTS_PROBLEM_ID : undefined}
              >
                {t('songs.form.addPart')}
              </Button>
              {partsProblem && (
                <FormHelperText error id={PARTS_PROBLEM_ID}>
                  {partsProblem}
                </FormHelperText>
              )}
            </Box>
            {preview}
          </Stack>
        )}
        {banner && <Alert severity={banner.severity}>{banner.text}</Alert>}
        <Stack direction="row" spacing={2}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saveSong.isPending || !changesAllowed}
          >
            {saveSong.isPending
              ? t('songs.form.saving')
              : song
                ? t('songs.form.updateSong')
                : t('songs.form.createSong')}
          </Button>
          <Button component={RouterLink} to="/songs" size="large">
            {t('songs.form.cancel')}
          </Button>
        </Stack>
      </Stack>
      <LeaveSongDialog blocker={leaveBlocker} />
      {pasting && (
        <Suspense fallback={null}>
          <PasteChartDialog
            onClose={() => setPasting(false)}
            onUse={(chart) => {
              dispatch({ type: 'useChart', chart });
              setPasting(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
