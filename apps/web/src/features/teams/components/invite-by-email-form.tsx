import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmailInviteInputSchema, INVITE_LIMITS, LIMITS } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCreateInvite } from '../api/invites.ts';
import { InviteExpiryField } from './invite-expiry-field.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';
import { teamFieldError } from './team-messages.ts';

/** Invite by Email: mails a single-use link to anyone, with or without a Segue account. */
export function InviteByEmailForm({ teamId }: { teamId: string }) {
  const t = useT();
  const create = useCreateInvite(teamId);
  const { showToast } = useToast();
  const {
    control,
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(EmailInviteInputSchema),
    defaultValues: {
      kind: 'email' as const,
      email: '',
      expiresInDays: INVITE_LIMITS.defaultExpiryDays,
    },
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        showToast(t('teams.invitationSent'), 'success');
        resetField('email');
      },
      onError: (error) => showToast(errorMessage(error, t('teams.failedToCreateInvite')), 'error'),
    });
  });

  return (
    <Box component="section" aria-labelledby="invite-email-title">
      <Typography id="invite-email-title" variant="h6" component="h2" gutterBottom>
        {t('teams.emailSectionTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('teams.emailSectionHelp')}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          {...register('email')}
          label={t('teams.emailLabel')}
          type="email"
          autoComplete="off"
          fullWidth
          error={Boolean(errors.email)}
          helperText={teamFieldError(errors.email?.message)}
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
        />
        <Controller
          control={control}
          name="expiresInDays"
          render={({ field }) => (
            <InviteExpiryField
              value={field.value}
              onChange={field.onChange}
              error={teamFieldError(errors.expiresInDays?.message)}
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          sx={{ flexShrink: 0, height: 56 }}
        >
          {t('teams.sendInvite')}
        </Button>
      </Stack>
    </Box>
  );
}
