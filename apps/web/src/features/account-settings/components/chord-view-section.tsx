import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Account, ChordView } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { MyViewPanel } from '../../../components/my-view/my-view-panel.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useChordViewDefault, useSaveChordViewDefault } from '../api/chord-view.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { SettingsSection } from './settings-section.tsx';

/** Chord view: the account's "My view" default, which a device without its own starts from. */
export function ChordViewSection({ account }: { account: Account }) {
  const t = useT();
  const saved = useChordViewDefault(account.$id);
  const save = useSaveChordViewDefault(account.$id);
  const { showToast } = useToast();
  // The choices made since the last save; null while they are the saved ones.
  const [draft, setDraft] = useState<ChordView | null>(null);

  return (
    <SettingsSection title={t('settings.chordView')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.chordViewExplained')}
      </Typography>
      {saved.isPending ? (
        <CircularProgress aria-label={t('settings.loadingChordView')} size={24} />
      ) : saved.isError ? (
        <Alert severity="error">
          {errorMessage(saved.error, t('settings.couldNotLoadChordView'))}
        </Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft ?? saved.data, {
              onSuccess: () => {
                setDraft(null);
                showToast(t('settings.chordViewSaved'), 'success');
              },
            });
          }}
        >
          <MyViewPanel
            view={draft ?? saved.data}
            onChange={(change) =>
              setDraft((current) => ({ ...(current ?? saved.data), ...change }))
            }
          />
          {save.isError && (
            <Alert severity="error">{errorMessage(save.error, t('settings.couldNotSave'))}</Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('settings.saveChordView')}
            </Button>
          </Box>
        </Stack>
      )}
    </SettingsSection>
  );
}
