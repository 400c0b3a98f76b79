import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, RegisterInputSchema, TEXTS } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { FormError } from '../../../components/form-error.tsx';
import type { FormErrorValue } from '../../../components/form-error.tsx';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useRegister } from '../api/register.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';

export function RegisterPage() {
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
        showToast(TEXTS.registrationSuccess, 'success');
        void navigate('/verify-reminder', { replace: true });
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) console.error('Registration failed', error);
        const message = errorMessage(error, TEXTS.registrationFailed);
        showToast(message, 'error');
        setFormError({ message, severity: 'error' });
      },
    });
  });

  return (
    <AccountFormCard
      title="Create your Segue account"
      subtitle="Plan sets, share songs and play live with your team."
    >
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
        <TextField
          {...register('name')}
          label="Full Name"
          autoComplete="name"
          required
          fullWidth
          autoFocus
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
          slotProps={{ htmlInput: { maxLength: LIMITS.nameMaxLength } }}
        />
        <TextField
          {...register('phone')}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          fullWidth
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
          slotProps={{ htmlInput: { maxLength: LIMITS.phoneMaxLength } }}
        />
        <TextField
          {...register('email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          {...register('password')}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={
            errors.password?.message ?? `At least ${LIMITS.passwordMinLength} characters.`
          }
        />
        <FormError error={formError} />
        <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
          Register
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Log in
        </Link>
      </Typography>
    </AccountFormCard>
  );
}
