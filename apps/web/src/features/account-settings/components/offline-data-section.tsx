import { useEffect, useState } from 'react';
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
import { offlineKeeping } from '../../../lib/storage.ts';
import { SETTINGS_TEXTS } from './account-settings-texts.ts';
import { keptLine } from './offline-data-texts.ts';
import { SettingsSection } from './settings-section.tsx';

const summaryKey = ['offline', 'summary'] as const;
/** The week's answers are kept as they arrive, a little after `keepTheWeek` resolves. */
const KEPT_SETTLE_MS = 1000;

/** Offline data: what this device keeps of the week's music, and a way out of it. */
export function OfflineDataSection({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const summary = useQuery({
    queryKey: summaryKey,
    // IndexedDB's code loads only with this section, not with the page's first chunk.
    queryFn: async () => (await import('../../../lib/offline/kept-data.ts')).keptSummary(),
    networkMode: 'always',
    staleTime: 0,
    // A browser without IndexedDB fails the same way again.
    retry: false,
  });
  const [keeping, setKeeping] = useState(offlineKeeping.get);
  const [working, setWorking] = useState(false);
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
        await removeOfflineData();
      }
    } finally {
      setWorking(false);
    }
    await readSummary();
  }

  async function remove() {
    setWorking(true);
    try {
      await removeOfflineData();
    } finally {
      setWorking(false);
    }
    await readSummary();
    showToast(SETTINGS_TEXTS.offlineDataRemoved, 'success');
  }

  const unsupported = summary.isError;
  return (
    <SettingsSection title="Offline data">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {SETTINGS_TEXTS.offlineDataExplained}
      </Typography>
      {summary.isPending ? (
        <CircularProgress aria-label="Loading the offline data" size={24} />
      ) : summary.isError ? (
        <Alert severity="warning">{SETTINGS_TEXTS.offlineUnsupported}</Alert>
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
          label={SETTINGS_TEXTS.keepTheWeek}
        />
        <Button
          variant="outlined"
          disabled={unsupported || working || !summary.data || summary.data.bytes === 0}
          onClick={() => void remove()}
        >
          Remove offline data
        </Button>
      </Stack>
    </SettingsSection>
  );
}
