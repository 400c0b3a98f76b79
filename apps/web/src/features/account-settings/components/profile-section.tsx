import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS, UpdateNameInputSchema, UpdatePhoneInputSchema } from '@segue/shared';
import type { Account } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';
import { SettingsSection } from './settings-section.tsx';

/** Profile: the full name and the phone number, each saved on its own. */
export function ProfileSection({ account }: { account: Account }) {
  const t = useT();
  return (
    <SettingsSection title={t('settings.profile')}>
      <Stack spacing={3}>
        <ProfileFieldForm
          field="name"
          schema={UpdateNameInputSchema.shape.name}
          initialValue={account.name}
          label={t('settings.fullName')}
          buttonLabel={t('settings.saveName')}
          savedText={t('settings.nameUpdated')}
          autoComplete="name"
          maxLength={LIMITS.nameMaxLength}
        />
        <ProfileFieldForm
          field="phone"
          schema={UpdatePhoneInputSchema.shape.phone}
          initialValue={account.phone}
          label={t('settings.phoneNumber')}
          buttonLabel={t('settings.savePhone')}
          savedText={t('settings.phoneUpdated')}
          autoComplete="tel"
          type="tel"
          maxLength={LIMITS.phoneMaxLength}
        />
      </Stack>
    </SettingsSection>
  );
}

interface ProfileFieldFormProps {
  field: 'name' | 'phone';
  /** The shared schema of the field, so the form shows the server's messages. */
  schema: z.ZodType<string, string | undefined>;
  initialValue: string;
  label: string;
  buttonLabel: string;
  savedText: string;
  autoComplete: string;
  type?: string;
  maxLength: number;
}

function ProfileFieldForm(props: ProfileFieldFormProps) {
  const t = useT();
  const { field, schema, initialValue, label, buttonLabel, savedText } = props;
  const update = useUpdateProfile(field);
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(z.object({ value: schema })),
    defaultValues: { value: initialValue },
  });

  const onSubmit = handleSubmit(({ value }) => {
    update.mutate(value, {
      onSuccess: (account) => {
        reset({ value: account[field] });
        showToast(savedText, 'success');
      },
    });
  });

  const problem =
    fieldError(errors.value?.message) ??
    (update.isError ? errorMessage(update.error, t('settings.couldNotSave')) : undefined);

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        {...register('value')}
        label={label}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={field === 'name'}
        fullWidth
        error={Boolean(problem)}
        helperText={problem}
        slotProps={{ htmlInput: { maxLength: props.maxLength } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={update.isPending}
        sx={{ flexShrink: 0, minHeight: 56 }}
      >
        {buttonLabel}
      </Button>
    </Stack>
  );
}
