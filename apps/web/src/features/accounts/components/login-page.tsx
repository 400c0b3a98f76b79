import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ERROR_CODES, LoginInputSchema, TEXTS } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { pendingVerificationEmail } from '../../../lib/storage.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentAccount } from '../api/current-account.ts';
import { useLogin } from '../api/login.ts';
import { AccountFormCard } from './account-form-card.tsx';

export function LoginPage() {
  const { account } = useCurrentAccount();
  const login = useLogin();
  const navigate = useNavigate();
  const { showToast } = useToast();
  // Set once the server asks for a second factor: the code field then joins the form.
  const [otpRequired, setOtpRequired] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  // Only someone who arrives logged in is sent on; a fresh login navigates itself below.
  if (account && login.isIdle) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(({ otp, ...values }) => {
    const input = otpRequired && otp ? { ...values, otp } : values;
    login.mutate(input, {
      onSuccess: () => {
        showToast(TEXTS.loginSuccess, 'success');
        void navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.emailNotVerified) {
          // No session was created; the reminder resends the link to this address.
          pendingVerificationEmail.set(values.email);
          if (error.error) showToast(error.error, 'warning');
          void navigate('/verify-reminder');
          return;
        }
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.mfaRequired) {
          // The first answer asks for the code; a later one says the code was wrong.
          showToast(errorMessage(error, TEXTS.loginFailed), otpRequired ? 'error' : 'info');
          setOtpRequired(true);
          return;
        }
        if (!(error instanceof ApiRequestError)) console.error('Login failed', error);
        showToast(errorMessage(error, TEXTS.loginFailed), 'error');
      },
    });
  });

  return (
    <AccountFormCard
      title="Log in to Segue"
      subtitle="Welcome back! Pick up where the band left off."
    >
      <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
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
        />
        <TextField
          {...register('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        {otpRequired && (
          <TextField
            {...register('otp')}
            label="Authentication Code"
            autoComplete="one-time-code"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.otp)}
            helperText={
              errors.otp?.message ?? 'The code from your authenticator app, or a backup code.'
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
          />
        )}
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          Login
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        New to Segue?{' '}
        <Link component={RouterLink} to="/register">
          Create an account
        </Link>
      </Typography>
    </AccountFormCard>
  );
}
