import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Account } from '@segue/shared';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { keptTime, removeOfflineData } from '../../../lib/offline/offline-copy.ts';
import { offlineKeeping, offlineRecordings } from '../../../lib/storage.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { keptLine, recordingsLine } from './offline-data-texts.ts';
import { SettingsSection } from './settings-section.tsx';

const summaryKey = ['offline', 'summary'] as const;
/** The week's answers are kept as they arrive, a little after `keepTheWeek` resolves. */
const KEPT_SETTLE_MS = 1000;
/** While recordings download, the line of what is kept grows this often. */
const RECORDINGS_READ_MS = 2000;

const keptData = () => import('../../../lib/offline/kept-data.ts');

/**
 * Offline data: what this device keeps of the week's music, its recordings on request, and a
 * way out of both.
 */
export function OfflineDataSection({ account }: { account: Account }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const recordingsExplainedId = useId();
  const [keeping, setKeeping] = useState(offlineKeeping.get);
  const [keepingRecordings, setKeepingRecordings] = useState(offlineRecordings.get);
  const [downloading, setDownloading] = useState(false);
  const [working, setWorking] = useState(false);
  const summary = useQuery({
    queryKey: summaryKey,
    // IndexedDB's code loads only with this section, not with the page's first chunk.
    queryFn: async () => (await keptData()).keptSummary(),
    networkMode: 'always',
    staleTime: 0,
    // A browser without IndexedDB fails the same way again.
    retry: false,
    refetchInterval: downloading ? RECORDINGS_READ_MS : false,
  });
  // Counts the keeps that finished; each one looks at the summary again once the answers settle.
  const [keepsDone, setKeepsDone] = useState(0);

  useEffect(() => {
    if (keepsDone === 0) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: summaryKey }),
      KEPT_SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [keepsDone, queryClient]);

  const readSummary = () => queryClient.invalidateQueries({ queryKey: summaryKey });

  async function changeKeeping(on: boolean) {
    setKeeping(on);
    offlineKeeping.set(on);
    setWorking(true);
    try {
      if (on) {
        await import('../../../lib/offline/keep-the-week.ts')
          .then((keeper) => keeper.keepTheWeek(account))
          // Offline now: the app keeps the week when the connection is back.
          .catch((error: unknown) => console.warn('[offline] could not keep the week', error));
        setKeepsDone((done) => done + 1);
      } else {
        // Recordings are kept only with the week: they go with it, and are asked for again.
        setKeepingRecordings(false);
        offlineRecordings.set(false);
        await removeOfflineData();
      }
    } finally {
      setWorking(false);
    }
    await readSummary();
  }

  async function changeKeepingRecordings(on: boolean) {
    setKeepingRecordings(on);
    offlineRecordings.set(on);
    if (on) {
      setDownloading(true);
      try {
        const [keeper, recordings] = await Promise.all([
          import('../../../lib/offline/keep-the-week.ts'),
          import('../../../lib/offline/keep-recordings.ts'),
        ]);
        void recordings.askToPersist();
        // A week's run under way keeps them at its end if it has not passed that yet; else the
        // setlists it kept are read for them (nothing kept is downloaded twice).
        await keeper.keepTheWeek(account);
        await keeper.keepTheWeeksRecordings();
      } catch (error) {
        // Offline now: the recordings are kept when the app next starts with a connection.
        console.warn('[offline] could not keep the recordings', error);
      } finally {
        setDownloading(false);
      }
    } else {
      setWorking(true);
      try {
        await (await keptData()).removeKeptRecordings({ lists: true });
      } catch (error) {
        console.warn('[offline] could not remove the kept recordings', error);
      } finally {
        setWorking(false);
      }
    }
    await readSummary();
  }

  async function removeRecordings() {
    setWorking(true);
    try {
      await (await keptData()).removeKeptRecordings({ lists: false });
    } catch (error) {
      console.warn('[offline] could not remove the kept recordings', error);
    } finally {
      setWorking(false);
    }
    await readSummary();
    showToast(t('settings.recordingsRemoved'), 'success');
  }

  async function remove() {
    setWorking(true);
    try {
      await removeOfflineData();
    } finally {
      setWorking(false);
    }
    await readSummary();
    showToast(t('settings.offlineDataRemoved'), 'success');
  }

  const unsupported = summary.isError;
  const recordings = summary.data ? recordingsLine(summary.data, keepingRecordings) : null;
  return (
    <SettingsSection title={t('settings.offlineData')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.offlineDataExplained')}
      </Typography>
      {summary.isPending ? (
        <CircularProgress aria-label={t('settings.loadingOfflineData')} size={24} />
      ) : summary.isError ? (
        <Alert severity="warning">{t('settings.offlineUnsupported')}</Alert>
      ) : (
        <Typography role="status">{keptLine(summary.data, keptTime)}</Typography>
      )}
      <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <FormControlLabel
          control={
            <Switch
              checked={keeping}
              disabled={unsupported || working}
              onChange={(event) => void changeKeeping(event.target.checked)}
            />
          }
          label={t('settings.keepTheWeek')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={keeping && keepingRecordings}
              disabled={unsupported || working || !keeping}
              onChange={(event) => void changeKeepingRecordings(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': recordingsExplainedId } }}
            />
          }
          label={t('settings.keepRecordings')}
        />
        <Typography id={recordingsExplainedId} variant="body2" color="text.secondary">
          {t('settings.keepRecordingsExplained')}
        </Typography>
        {(recordings || downloading) && (
          <Typography role="status">
            {[recordings, downloading ? t('settings.keepingRecordings') : null]
              .filter(Boolean)
              .join(' ')}
          </Typography>
        )}
        <Button
          variant="outlined"
          disabled={unsupported || working || !summary.data || summary.data.recordings === 0}
          onClick={() => void removeRecordings()}
        >
          {t('settings.removeRecordings')}
        </Button>
        <Button
          variant="outlined"
          disabled={
            unsupported ||
            working ||
            !summary.data ||
            (summary.data.bytes === 0 && summary.data.recordings === 0)
          }
          onClick={() => void remove()}
        >
          {t('settings.removeOfflineData')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
