import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { SETTINGS_TEXTS } from './account-settings-texts.ts';
import { SettingsSection } from './settings-section.tsx';
import { TurnOffTwoFactorDialog } from './turn-off-two-factor-dialog.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

/** Two-Factor Authentication: an authenticator app's code on top of the password at login. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'turnOff' | null>(null);
  const close = () => setDialog(null);

  let content;
  if (status.isPending) {
    content = <CircularProgress aria-label="Loading two-factor status" size={24} />;
  } else if (status.isError) {
    content = (
      <Alert severity="error">
        {errorMessage(status.error, SETTINGS_TEXTS.couldNotLoadTwoFactor)}
      </Alert>
    );
  } else if (status.data.totp) {
    content = (
      <>
        <Typography>{SETTINGS_TEXTS.twoFactorOn}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`Backup codes left: ${status.data.backupCodesLeft}`}
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setDialog('turnOff')}>
          Turn Off Two-Factor Authentication
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <Typography sx={{ mb: 2 }}>{SETTINGS_TEXTS.twoFactorOff}</Typography>
        <Button variant="contained" onClick={() => setDialog('setup')}>
          Set Up Two-Factor Authentication
        </Button>
      </>
    );
  }

  return (
    <SettingsSection title="Two-Factor Authentication">
      {content}
      {/* Outside the branches: setup stays open on its backup codes after the status turns on. */}
      <TwoFactorSetupDialog open={dialog === 'setup'} onClose={close} />
      <TurnOffTwoFactorDialog open={dialog === 'turnOff'} onClose={close} />
    </SettingsSection>
  );
}
