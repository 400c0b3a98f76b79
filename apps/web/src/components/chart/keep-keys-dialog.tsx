import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SETLIST_TEXTS } from '@segue/shared';
import { errorMessage } from '../../lib/api-client.ts';
import { decline, useKeepKey, type KeyToKeep } from './keep-keys.ts';

export const KEEP_KEY_TEXTS = {
  yes: 'Yes',
  no: 'No',
  played: (title: string, key: string, planned: string | null) =>
    planned
      ? `${title} was played in ${key}; the setlist says ${planned}.`
      : `${title} was played in ${key}.`,
  failed: 'The key could not be kept.',
} as const;

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
      <DialogTitle id={titleId}>{SETLIST_TEXTS.keepKey(current.liveName)}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {KEEP_KEY_TEXTS.played(current.title, current.liveName, current.planned)}
        </DialogContentText>
        {keep.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(keep.error, KEEP_KEY_TEXTS.failed)}
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
          {KEEP_KEY_TEXTS.no}
        </Button>
        <Button
          variant="contained"
          disabled={keep.isPending}
          onClick={() => keep.mutate(current, { onSuccess: next })}
        >
          {KEEP_KEY_TEXTS.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
