import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, RecoveryRequestInputSchema } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { useRequestRecovery } from '../api/password.ts';
import { SETTINGS_TEXTS } from './account-settings-texts.ts';

/** /forgot-password: mails a link to choose a new password. */
export function ForgotPasswordPage() {
  const recovery = useRequestRecovery();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RecoveryRequestInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => recovery.mutate(values));

  return (
    <AccountFormCard
      title="Forgot Password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {recovery.isSuccess && <Alert severity="success">{recovery.data}</Alert>}
        {recovery.isError && (
          <Alert severity="error">
            {errorMessage(recovery.error, SETTINGS_TEXTS.couldNotSendLink)}
          </Alert>
        )}
        <TextField
          {...register('email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={recovery.isPending}>
          Send Reset Link
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Back to log in
        </Link>
      </Typography>
    </AccountFormCard>
  );
}
