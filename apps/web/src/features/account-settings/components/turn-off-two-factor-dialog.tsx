import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useDisableTotp } from '../api/two-factor.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface TurnOffTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Turn Off Two-Factor Authentication: proven with a code, a backup code or the password. */
export function TurnOffTwoFactorDialog({ open, onClose }: TurnOffTwoFactorDialogProps) {
  const t = useT();
  const disable = useDisableTotp();
  const { showToast } = useToast();
  const [proof, setProof] = useState('');

  const close = () => {
    setProof('');
    disable.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(proof, {
      onSuccess: () => {
        close();
        showToast(t('settings.twoFactorTurnedOff'), 'success');
      },
    });
  };

  return (
    <Dialog open={open} onClose={disable.isPending ? undefined : close} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settings.turnOffTwoFactor')}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent>
          <Stack spacing={2}>
            {disable.isError && (
              <Alert severity="error">
                {errorMessage(disable.error, t('settings.couldNotSave'))}
              </Alert>
            )}
            <DialogContentText>{t('settings.turnOffExplained')}</DialogContentText>
            <TextField
              label={t('settings.codeOrPassword')}
              type="password"
              autoComplete="off"
              value={proof}
              onChange={(event) => setProof(event.target.value)}
              required
              fullWidth
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={disable.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={disable.isPending || !proof.trim()}
          >
            {t('settings.turnOff')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
