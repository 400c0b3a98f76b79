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
import { SETTINGS_TEXTS } from './account-settings-texts.ts';
import { SettingsSection } from './settings-section.tsx';

const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string(),
}).refine((values) => values.password === values.confirmPassword, {
  message: SETTINGS_TEXTS.passwordsDiffer,
  path: ['confirmPassword'],
});

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

export function PasswordSection() {
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
        showToast(SETTINGS_TEXTS.passwordChanged, 'success');
      },
    });
  });

  return (
    <SettingsSection title="Password">
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {changePassword.isError && (
          <Alert severity="error">
            {errorMessage(changePassword.error, SETTINGS_TEXTS.couldNotSave)}
          </Alert>
        )}
        <TextField
          {...register('oldPassword')}
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.oldPassword)}
          helperText={errors.oldPassword?.message}
        />
        <TextField
          {...register('password')}
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <TextField
          {...register('confirmPassword')}
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message}
        />
        {/* The server always ends the other sessions: whoever knew the old password is out. */}
        <Typography variant="body2" color="text.secondary">
          {SETTINGS_TEXTS.passwordChangeSignsOut}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={changePassword.isPending}>
            Change Password
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
