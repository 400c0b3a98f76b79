import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { SettingsSection } from './settings-section.tsx';
import { TurnOffTwoFactorDialog } from './turn-off-two-factor-dialog.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

/** Two-Factor Authentication: an authenticator app's code on top of the password at login. */
export function TwoFactorSection() {
  const t = useT();
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'turnOff' | null>(null);
  const close = () => setDialog(null);

  let content;
  if (status.isPending) {
    content = <CircularProgress aria-label={t('settings.loadingTwoFactor')} size={24} />;
  } else if (status.isError) {
    content = (
      <Alert severity="error">
        {errorMessage(status.error, t('settings.couldNotLoadTwoFactor'))}
      </Alert>
    );
  } else if (status.data.totp) {
    content = (
      <>
        <Typography>{t('settings.twoFactorOn')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.backupCodesLeft', { count: status.data.backupCodesLeft })}
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setDialog('turnOff')}>
          {t('settings.turnOffTwoFactor')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <Typography sx={{ mb: 2 }}>{t('settings.twoFactorOff')}</Typography>
        <Button variant="contained" onClick={() => setDialog('setup')}>
          {t('settings.setUpTwoFactor')}
        </Button>
      </>
    );
  }

  return (
    <SettingsSection title={t('settings.twoFactor')}>
      {content}
      {/* Outside the branches: setup stays open on its backup codes after the status turns on. */}
      <TwoFactorSetupDialog open={dialog === 'setup'} onClose={close} />
      <TurnOffTwoFactorDialog open={dialog === 'turnOff'} onClose={close} />
    </SettingsSection>
  );
}
