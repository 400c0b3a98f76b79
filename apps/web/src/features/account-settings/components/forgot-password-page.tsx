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
import { useT } from '../../../lib/i18n/i18n.ts';
import { fieldError, translateServerText } from '../../../lib/i18n/server-texts.ts';

/** /forgot-password: mails a link to choose a new password. */
export function ForgotPasswordPage() {
  const t = useT();
  const recovery = useRequestRecovery();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RecoveryRequestInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => recovery.mutate(values));

  return (
    <AccountFormCard
      title={t('settings.forgotPassword')}
      subtitle={t('settings.forgotPasswordIntro')}
    >
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        {recovery.isSuccess && (
          <Alert severity="success">{translateServerText(recovery.data)}</Alert>
        )}
        {recovery.isError && (
          <Alert severity="error">
            {errorMessage(recovery.error, t('settings.couldNotSendLink'))}
          </Alert>
        )}
        <TextField
          {...register('email')}
          label={t('settings.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          autoFocus
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={recovery.isPending}>
          {t('settings.sendResetLink')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {t('settings.backToLogIn')}
        </Link>
      </Typography>
    </AccountFormCard>
  );
}
