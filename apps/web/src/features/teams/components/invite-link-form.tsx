import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVITE_LIMITS, LinkInviteInputSchema } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCreateInvite } from '../api/invites.ts';
import { InviteExpiryField } from './invite-expiry-field.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';
import { teamFieldError } from './team-messages.ts';

/** Invite Link: makes a link that expires and may be limited in uses, and shows it once to copy. */
export function InviteLinkForm({ teamId }: { teamId: string }) {
  const t = useT();
  const create = useCreateInvite(teamId);
  const { showToast } = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LinkInviteInputSchema),
    defaultValues: {
      kind: 'link' as const,
      expiresInDays: INVITE_LIMITS.defaultExpiryDays,
      maxUses: null,
    },
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (created) => {
        setUrl(created.url ?? null);
        showToast(t('teams.linkCreated'), 'success');
      },
      onError: (error) => showToast(errorMessage(error, t('teams.failedToCreateInvite')), 'error'),
    });
  });

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('teams.linkCopied'), 'success');
    } catch {
      showToast(t('teams.copyFailed'), 'warning');
    }
  };

  return (
    <Box component="section" aria-labelledby="invite-link-title">
      <Typography id="invite-link-title" variant="h6" component="h2" gutterBottom>
        {t('teams.linkSectionTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('teams.linkSectionHelp')}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
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
        <TextField
          {...register('maxUses', {
            setValueAs: (value: unknown) =>
              value === '' || value === null || value === undefined ? null : Number(value),
          })}
          label={t('teams.limitUses')}
          type="number"
          error={Boolean(errors.maxUses)}
          helperText={teamFieldError(errors.maxUses?.message) ?? t('teams.limitUsesHelp')}
          slotProps={{ htmlInput: { min: 1, max: INVITE_LIMITS.maxUses, step: 1 } }}
          sx={{ minWidth: 160 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          sx={{ flexShrink: 0, height: 56 }}
        >
          {t('teams.createLink')}
        </Button>
      </Stack>
      {url && (
        <Alert
          severity="success"
          icon={false}
          sx={{ mt: 2, '& .MuiAlert-message': { flexGrow: 1 } }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('teams.createdLink')}
              value={url}
              size="small"
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button variant="outlined" onClick={() => void copy(url)} sx={{ flexShrink: 0 }}>
              {t('teams.copyLink')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Box>
  );
}
