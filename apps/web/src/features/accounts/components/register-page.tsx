import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, RegisterInputSchema } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { FormError } from '../../../components/form-error.tsx';
import type { FormErrorValue } from '../../../components/form-error.tsx';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useRegister } from '../api/register.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';

export function RegisterPage() {
  const t = useT();
  const { account } = useCurrentAccount();
  const registration = useRegister();
  const navigate = useNavigate();
  const { showToast } = useToast();
  // The refusal stays beside the form as well as in the toast, until the next submit.
  const [formError, setFormError] = useState<FormErrorValue | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterInputSchema),
    defaultValues: { name: '', phone: '', email: '', password: '' },
  });

  // A new account is logged in at once; only someone who arrived logged in is sent on.
  if (account && registration.isIdle) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(values, {
      onSuccess: () => {
        showToast(t('accounts.registrationSuccess'), 'success');
        void navigate('/verify-reminder', { replace: true });
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) console.error('Registration failed', error);
        const message = errorMessage(error, t('accounts.registrationFailed'));
        showToast(message, 'error');
        setFormError({ message, severity: 'error' });
      },
    });
  });

  return (
    <AccountFormCard title={t('accounts.registerTitle')} subtitle={t('accounts.registerSubtitle')}>
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        <TextField
          {...register('name')}
          label={t('accounts.fullName')}
          autoComplete="name"
          required
          fullWidth
          autoFocus
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name?.message)}
          slotProps={{ htmlInput: { maxLength: LIMITS.nameMaxLength } }}
        />
        <TextField
          {...register('phone')}
          label={t('accounts.phoneNumber')}
          type="tel"
          autoComplete="tel"
          fullWidth
          error={Boolean(errors.phone)}
          helperText={fieldError(errors.phone?.message)}
          slotProps={{ htmlInput: { maxLength: LIMITS.phoneMaxLength } }}
        />
        <TextField
          {...register('email')}
          label={t('accounts.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
        />
        <TextField
          {...register('password')}
          label={t('accounts.password')}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={
            fieldError(errors.password?.message) ??
            t('accounts.passwordHelp', { count: LIMITS.passwordMinLength })
          }
        />
        <FormError error={formError} />
        <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
          {t('accounts.register')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {tNodes('accounts.alreadyHaveAccount', {
          link: (
            <Link component={RouterLink} to="/login">
              {t('accounts.logIn')}
            </Link>
          ),
        })}
      </Typography>
    </AccountFormCard>
  );
}
