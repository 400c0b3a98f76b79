import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { decline, useKeepKey, type KeyToKeep } from './keep-keys.ts';

/**
 * Asks a driver, one song at a time, whether a key played live becomes the setlist's key
 * ("Keep F as this setlist's key?"). Yes saves it to the plan for every entry of the song; No
 * leaves the plan alone and is remembered on this device. `onDone` once every song is answered.
 */
export function KeepKeysDialog(props: {
  teamId: string;
  setlistId: string;
  keys: readonly KeyToKeep[];
  onDone: () => void;
}) {
  const { teamId, setlistId, keys, onDone } = props;
  const t = useT();
  const [answered, setAnswered] = useState(0);
  const keep = useKeepKey(teamId, setlistId);
  const current = keys[answered];
  const next = () => {
    keep.reset();
    if (answered + 1 >= keys.length) onDone();
    setAnswered((count) => count + 1);
  };
  if (!current) return null;
  const titleId = 'keep-key-title';
  return (
    <Dialog open aria-labelledby={titleId} onClose={() => undefined}>
      <DialogTitle id={titleId}>{t('chart.keepKeyTitle', { key: current.liveName })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {current.planned
            ? t('chart.keepKeyPlannedOther', {
                title: current.title,
                key: current.liveName,
                planned: current.planned,
              })
            : t('chart.keepKeyPlayed', { title: current.title, key: current.liveName })}
        </DialogContentText>
        {keep.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(keep.error, t('chart.keepKeyFailed'))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={keep.isPending}
          onClick={() => {
            decline(setlistId, current);
            next();
          }}
        >
          {t('chart.keepKeyNo')}
        </Button>
        <Button
          variant="contained"
          disabled={keep.isPending}
          onClick={() => keep.mutate(current, { onSuccess: next })}
        >
          {t('chart.keepKeyYes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
