import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChangeEmailInputSchema, LIMITS } from '@segue/shared';
import type { Account } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeEmail } from '../api/email-change.ts';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError, translateServerText } from '../../../lib/i18n/server-texts.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { SettingsSection } from './settings-section.tsx';

/** Email: the change takes effect when the link mailed to the new address is opened. */
export function EmailSection({ account }: { account: Account }) {
  const t = useT();
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangeEmailInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    changeEmail.mutate(values, { onSuccess: () => reset() });
  });

  return (
    <SettingsSection title={t('settings.email')}>
      <Typography sx={{ mb: 2 }}>
        {tNodes('settings.yourEmailIs', {
          email: (
            <Box component="strong" sx={{ wordBreak: 'break-all' }}>
              {account.email}
            </Box>
          ),
        })}
      </Typography>
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {changeEmail.isSuccess && (
          <Alert severity="success">{translateServerText(changeEmail.data)}</Alert>
        )}
        {changeEmail.isError && (
          <Alert severity="error">
            {errorMessage(changeEmail.error, t('settings.couldNotSave'))}
          </Alert>
        )}
        <TextField
          {...register('email')}
          label={t('settings.newEmail')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
        />
        <TextField
          {...register('password')}
          // Named apart from the Password section's "Current Password".
          label={
            <>
              {t('settings.password')}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {t('settings.forEmailChange')}
              </Box>
            </>
          }
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={fieldError(errors.password?.message)}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={changeEmail.isPending}>
            {t('settings.changeEmail')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
