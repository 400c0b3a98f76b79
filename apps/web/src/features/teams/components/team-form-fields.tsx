import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@segue/shared';
import type { TeamInput } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';
import { teamFieldError } from './team-messages.ts';

interface TeamFormFieldsProps {
  register: UseFormRegister<TeamInput>;
  errors: FieldErrors<TeamInput>;
  autoFocus?: boolean;
}

/** Team Name and Description, shared by Create a Team and Edit Team Info. */
export function TeamFormFields({ register, errors, autoFocus = false }: TeamFormFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        {...register('name')}
        label={t('teams.teamName')}
        required
        fullWidth
        autoFocus={autoFocus}
        error={Boolean(errors.name)}
        helperText={teamFieldError(errors.name?.message)}
        slotProps={{ htmlInput: { maxLength: LIMITS.teamNameMaxLength } }}
      />
      <TextField
        {...register('description')}
        label={t('teams.description')}
        multiline
        rows={3}
        fullWidth
        error={Boolean(errors.description)}
        helperText={teamFieldError(errors.description?.message)}
        slotProps={{ htmlInput: { maxLength: LIMITS.teamDescriptionMaxLength } }}
      />
    </>
  );
}
