import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERROR_CODES } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { pendingVerificationEmail } from '../../../lib/storage.ts';
import { PlainTextField } from '../../../components/plain-text-field.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { FormError } from '../../../components/form-error.tsx';
import type { FormErrorValue } from '../../../components/form-error.tsx';
import { useLogin } from '../api/login.ts';
import { useSession } from '../../../lib/session/session.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import type { LoginForm, LoginValues } from './login-form-binding.tsx';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError, translateServerText } from '../../../lib/i18n/server-texts.ts';

// The fields paint at once; react-hook-form with the shared schema (and zod) arrives right after
// and takes over the fields, keeping whatever was typed or autofilled meanwhile. A submit that
// comes first waits for it. This keeps the Login page's first load small.
const LoginFormBinding = lazy(() =>
  import('./login-form-binding.tsx').then((m) => ({ default: m.LoginFormBinding })),
);

export function LoginPage() {
  const t = useT();
  const { account } = useSession();
  const login = useLogin();
  const navigate = useNavigate();
  const { showToast: toast } = useToast();
  const [formError, setFormError] = useState<FormErrorValue | null>(null);
  // Every message of a submit shows in the toast and stays beside the form until the next one.
  const showToast = (message: string, severity: FormErrorValue['severity']) => {
    toast(message, severity);
    setFormError(severity === 'success' ? null : { message, severity });
  };
  // Set once the server asks for a second factor: the code field then joins the form.
  const [otpRequired, setOtpRequired] = useState(false);
  const [form, setForm] = useState<LoginForm | null>(null);
  const submitWhenReady = useRef(false);

  const onValid = ({ otp, ...values }: LoginValues) => {
    const input = otpRequired && otp ? { ...values, otp } : values;
    login.mutate(input, {
      onSuccess: () => {
        showToast(t('accounts.loginSuccess'), 'success');
        void navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.emailNotVerified) {
          // No session was created; the reminder resends the link to this address.
          pendingVerificationEmail.set(values.email);
          if (error.error) showToast(translateServerText(error.error), 'warning');
          void navigate('/verify-reminder');
          return;
        }
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.mfaRequired) {
          // The first answer asks for the code; a later one says the code was wrong.
          showToast(errorMessage(error, t('accounts.loginFailed')), otpRequired ? 'error' : 'info');
          setOtpRequired(true);
          return;
        }
        if (!(error instanceof ApiRequestError)) console.error('Login failed', error);
        showToast(errorMessage(error, t('accounts.loginFailed')), 'error');
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (form) {
      void form.handleSubmit(onValid)(event);
      return;
    }
    event.preventDefault();
    submitWhenReady.current = true;
  };

  useEffect(() => {
    if (!form || !submitWhenReady.current) return;
    submitWhenReady.current = false;
    void form.handleSubmit(onValid)();
    // Only the form's arrival matters here; the handler reads the state of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  // Only someone who arrives logged in is sent on; a fresh login navigates itself below.
  if (account && login.isIdle) return <Navigate to="/dashboard" replace />;

  const field = (name: 'email' | 'password' | 'otp') => (form ? form.register(name) : { name });
  const errors = form?.errors ?? {};

  return (
    <AccountFormCard title={t('accounts.loginTitle')} subtitle={t('accounts.loginSubtitle')}>
      <Suspense fallback={null}>
        <LoginFormBinding onForm={setForm} />
      </Suspense>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <PlainTextField
          {...field('email')}
          label={t('accounts.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          autoFocus
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
        />
        <PlainTextField
          {...field('password')}
          label={t('accounts.password')}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(errors.password)}
          helperText={fieldError(errors.password?.message)}
        />
        {otpRequired && (
          <PlainTextField
            {...field('otp')}
            label={t('accounts.authenticationCode')}
            autoComplete="one-time-code"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.otp)}
            helperText={fieldError(errors.otp?.message) ?? t('accounts.authenticationCodeHelp')}
            htmlInputProps={{ maxLength: 32, autoCapitalize: 'none', spellCheck: false }}
          />
        )}
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('accounts.forgotPassword')}
          </Link>
        </Box>
        <FormError error={formError} />
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {t('accounts.login')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {tNodes('accounts.newToSegue', {
          link: (
            <Link component={RouterLink} to="/register">
              {t('accounts.createAnAccount')}
            </Link>
          ),
        })}
      </Typography>
    </AccountFormCard>
  );
}
