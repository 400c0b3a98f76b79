import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, PasswordSchema } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { useResetPassword } from '../api/password.ts';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';

const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    // A key: the field shows it in the active language (fieldError).
    message: 'settings.passwordsDiffer',
    path: ['confirmPassword'],
  });

/** /reset-password?userId=...&secret=...: the mailed link to choose a new password. */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/login'), LIMITS.verifiedRedirectMs);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = handleSubmit(({ password }) => {
    if (userId && secret) reset.mutate({ userId, secret, password });
  });

  if (!userId || !secret) {
    return (
      <AccountFormCard title={t('settings.chooseNewPassword')}>
        <Alert severity="error">{t('settings.invalidResetLink')}</Alert>
        <NewLinkHint />
      </AccountFormCard>
    );
  }

  return (
    <AccountFormCard title={t('settings.chooseNewPassword')}>
      {reset.isSuccess ? (
        <Alert severity="success">{t('settings.passwordReset')}</Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
          {reset.isError && (
            <Alert severity="error">
              {errorMessage(reset.error, t('settings.couldNotResetPassword'))}
            </Alert>
          )}
          <TextField
            {...register('password')}
            label={t('settings.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            autoFocus
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
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
            {t('settings.resetPassword')}
          </Button>
        </Stack>
      )}
      {reset.isError && <NewLinkHint />}
    </AccountFormCard>
  );
}

function NewLinkHint() {
  const t = useT();
  return (
    <Typography variant="body2" sx={{ mt: 3 }}>
      {tNodes('settings.needNewLink', {
        link: (
          <Link component={RouterLink} to="/forgot-password">
            {t('settings.requestNewResetLink')}
          </Link>
        ),
      })}
    </Typography>
  );
}
