import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChangePasswordInputSchema } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useChangePassword } from '../api/password.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';
import { SettingsSection } from './settings-section.tsx';

const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string(),
}).refine((values) => values.password === values.confirmPassword, {
  // A key: the field shows it in the active language (fieldError).
  message: 'settings.passwordsDiffer',
  path: ['confirmPassword'],
});

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

export function PasswordSection() {
  const t = useT();
  const changePassword = useChangePassword();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) => {
    changePassword.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        showToast(t('settings.passwordChanged'), 'success');
      },
    });
  });

  return (
    <SettingsSection title={t('settings.password')}>
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {changePassword.isError && (
          <Alert severity="error">
            {errorMessage(changePassword.error, t('settings.couldNotSave'))}
          </Alert>
        )}
        <TextField
          {...register('oldPassword')}
          label={t('settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.oldPassword)}
          helperText={fieldError(errors.oldPassword?.message)}
        />
        <TextField
          {...register('password')}
          label={t('settings.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={fieldError(errors.password?.message)}
        />
        <TextField
          {...register('confirmPassword')}
          label={t('settings.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={fieldError(errors.confirmPassword?.message)}
        />
        {/* The server always ends the other sessions: whoever knew the old password is out. */}
        <Typography variant="body2" color="text.secondary">
          {t('settings.passwordChangeSignsOut')}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={changePassword.isPending}>
            {t('settings.changePassword')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
