import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmTotp, useStartTotp } from '../api/two-factor.ts';
import { loadQrEncoder } from '../../../lib/qr-code.ts';
import { QrCodeImage } from './qr-code-image.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

interface TwoFactorSetupDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Set Up Two-Factor Authentication: password, then the app's first code, then the backup codes. */
export function TwoFactorSetupDialog({ open, onClose }: TwoFactorSetupDialogProps) {
  const t = useT();
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const close = () => {
    setBackupCodes(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      // The backup codes are shown once: only Done closes the dialog then.
      onClose={backupCodes ? undefined : close}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle>{t('settings.setUpTwoFactor')}</DialogTitle>
      {/* Mounted only while open, so every opening starts again with the password. */}
      {backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={close} />
      ) : (
        <SetupSteps onClose={close} onEnabled={setBackupCodes} />
      )}
    </Dialog>
  );
}

interface SetupStepsProps {
  onClose: () => void;
  onEnabled: (backupCodes: string[]) => void;
}

function SetupSteps({ onClose, onEnabled }: SetupStepsProps) {
  const t = useT();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const setup = start.data;
  const pending = start.isPending || confirm.isPending;

  // Fetch the QR encoder while the password is typed, so the code shows at once.
  useEffect(() => {
    loadQrEncoder().catch(() => {});
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!setup) start.mutate(password, { onSuccess: () => setPassword('') });
    else confirm.mutate(code.trim(), { onSuccess: onEnabled });
  };
  const failure = setup ? confirm.error : start.error;

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent>
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error">{errorMessage(failure, t('settings.couldNotSave'))}</Alert>
          )}
          {!setup ? (
            <>
              <DialogContentText>{t('settings.enterPasswordToStart')}</DialogContentText>
              <TextField
                label={t('settings.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
                fullWidth
                autoFocus
              />
            </>
          ) : (
            <>
              <DialogContentText>{t('settings.scanExplained')}</DialogContentText>
              <Box sx={{ alignSelf: 'center', lineHeight: 0 }}>
                <QrCodeImage value={setup.uri} label={t('settings.qrCodeLabel')} />
              </Box>
              <TextField
                label={t('settings.secretKey')}
                value={setup.secret}
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    spellCheck: false,
                    style: { fontFamily: 'monospace', letterSpacing: '0.05em' },
                  },
                }}
              />
              <TextField
                label={t('settings.authenticationCode')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                required
                fullWidth
                autoFocus
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {setup ? t('settings.enable') : t('settings.continue')}
        </Button>
      </DialogActions>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('settings.twoFactorEnabled')}
        </Alert>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('settings.backupCodes')}
        </Typography>
        <DialogContentText sx={{ mb: 1 }}>{t('settings.backupCodesNote')}</DialogContentText>
        <Box
          component="ul"
          aria-label={t('settings.backupCodesList')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, max-content)',
            columnGap: 4,
            rowGap: 0.5,
            pl: 3,
            m: 0,
            fontFamily: 'monospace',
            fontSize: '1.1rem',
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone} autoFocus>
          {t('settings.done')}
        </Button>
      </DialogActions>
    </>
  );
}
