import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@segue/shared';
import type { Account } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { SettingsSection } from './settings-section.tsx';

/** Delete Account: typing the account's address is the confirmation. */
export function DeleteAccountSection({ account }: { account: Account }) {
  const t = useT();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === account.email.toLowerCase();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) deleteAccount.mutate(typed.trim());
  };

  return (
    <SettingsSection title={t('settings.deleteAccount')} danger>
      <Typography sx={{ mb: 1 }}>{t('settings.deleteExplained')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('settings.deleteOwnerFirst')}</Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {deleteAccount.isError && (
          <Alert severity="error">
            {errorMessage(deleteAccount.error, t('settings.couldNotDeleteAccount'))}
          </Alert>
        )}
        <TextField
          label={t('settings.typeEmailToConfirm')}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!matches || deleteAccount.isPending}
          >
            {t('settings.deleteAccount')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
