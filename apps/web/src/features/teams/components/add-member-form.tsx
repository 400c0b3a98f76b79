import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AddMemberInputSchema, LIMITS } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useAddMember } from '../api/add-member.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { teamFieldError } from './team-messages.ts';

/** Add User by Email: a verified account joins the team and is mailed; the answer is the same for every address. */
export function AddMemberForm({ teamId }: { teamId: string }) {
  const t = useT();
  const addMember = useAddMember(teamId);
  const { showToast } = useToast();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddMemberInputSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(teamFieldError(parsed.error.issues[0]?.message) ?? t('teams.failedToAddUser'));
      return;
    }
    setProblem(null);
    addMember.mutate(parsed.data.email, {
      onSuccess: () => {
        showToast(t('teams.userInvited'), 'success');
        setEmail('');
      },
      onError: (error) => {
        const text = errorMessage(error, t('teams.failedToAddUser'));
        setProblem(text);
        showToast(text, 'error');
      },
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction="row"
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        label={t('teams.addUserByEmail')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem}
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.emailMaxLength } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!email.trim() || addMember.isPending}
        sx={{ flexShrink: 0, height: 56 }}
      >
        {t('teams.add')}
      </Button>
    </Stack>
  );
}
