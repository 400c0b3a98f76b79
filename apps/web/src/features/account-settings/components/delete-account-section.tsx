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
import { SETTINGS_TEXTS } from './account-settings-texts.ts';
import { SettingsSection } from './settings-section.tsx';

/** Delete Account: typing the account's address is the confirmation. */
export function DeleteAccountSection({ account }: { account: Account }) {
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === account.email.toLowerCase();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) deleteAccount.mutate(typed.trim());
  };

  return (
    <SettingsSection title="Delete Account" danger>
      <Typography sx={{ mb: 1 }}>
        Deleting your account signs you out everywhere and removes you from every team. The songs
        and setlists you added stay with their teams.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        If you own a team, transfer its ownership or delete the team first.
      </Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {deleteAccount.isError && (
          <Alert severity="error">
            {errorMessage(deleteAccount.error, SETTINGS_TEXTS.couldNotDeleteAccount)}
          </Alert>
        )}
        <TextField
          label="Type your email to confirm"
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
            Delete Account
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
