import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@segue/shared';
import type { TeamInput } from '@segue/shared';

interface TeamFormFieldsProps {
  register: UseFormRegister<TeamInput>;
  errors: FieldErrors<TeamInput>;
  autoFocus?: boolean;
}

/** Team Name and Description, shared by Create a Team and Edit Team Info. */
export function TeamFormFields({ register, errors, autoFocus = false }: TeamFormFieldsProps) {
  return (
    <>
      <TextField
        {...register('name')}
        label="Team Name"
        required
        fullWidth
        autoFocus={autoFocus}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        slotProps={{ htmlInput: { maxLength: LIMITS.teamNameMaxLength } }}
      />
      <TextField
        {...register('description')}
        label="Description"
        multiline
        rows={3}
        fullWidth
        error={Boolean(errors.description)}
        helperText={errors.description?.message}
        slotProps={{ htmlInput: { maxLength: LIMITS.teamDescriptionMaxLength } }}
      />
    </>
  );
}
