import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { LocaleSchema, PasswordSchema, RegisterInputSchema } from './accounts.ts';
import { text } from './text.ts';

export const UpdateNameInputSchema = RegisterInputSchema.pick({ name: true });
export const UpdatePhoneInputSchema = z.object({ phone: RegisterInputSchema.shape.phone });
/** Body of `PUT /api/account/locale`: the interface's language, or null to follow the browser. */
export const UpdateLocaleInputSchema = z.object({ locale: LocaleSchema.nullable() });
export type UpdateLocaleInput = z.infer<typeof UpdateLocaleInputSchema>;

export const ChangeEmailInputSchema = z.object({
  email: RegisterInputSchema.shape.email,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(LIMITS.passwordMaxLength),
});

export const ChangePasswordInputSchema = z.object({
  oldPassword: z
    .string({ error: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(LIMITS.passwordMaxLength),
  password: PasswordSchema,
  /** Sign out every other session (on by default). */
  signOutOthers: z.boolean().optional().default(true),
});

export const RecoveryRequestInputSchema = z.object({ email: RegisterInputSchema.shape.email });
export const RecoveryCompleteInputSchema = z.object({
  userId: text().min(1).max(200),
  secret: text().min(1).max(200),
  password: PasswordSchema,
});
export const LinkInputSchema = z.object({
  userId: text().min(1).max(200),
  secret: text().min(1).max(200),
});

export const DeleteAccountInputSchema = z.object({
  email: text({ error: 'Type your email address to confirm.' })
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMaxLength),
});

export const OtpSchema = text({ error: 'Enter the code from your authenticator app.' })
  .trim()
  .min(6, 'Enter the code from your authenticator app.')
  .max(32);

export const TotpSetupInputSchema = z.object({
  password: z.string().min(1, 'Password is required.').max(LIMITS.passwordMaxLength),
});
export const TotpConfirmInputSchema = z.object({ otp: OtpSchema });
export const TotpDisableInputSchema = z
  .object({
    otp: text().trim().max(32).optional(),
    password: z.string().max(LIMITS.passwordMaxLength).optional(),
  })
  .refine((v) => Boolean(v.otp || v.password), { message: 'Enter a code or your password.' });

export const SessionInfoSchema = z.object({
  $id: z.string(),
  current: z.boolean(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const TotpSetupAnswerSchema = z.object({ secret: z.string(), uri: z.string() });
export const BackupCodesAnswerSchema = z.object({ backupCodes: z.array(z.string()) });
export const MfaStatusSchema = z.object({ totp: z.boolean(), backupCodesLeft: z.number() });

export const ACCOUNT_SETTINGS_TEXTS = {
  commonPassword: 'That password is too common. Choose one that is harder to guess.',
  wrongPassword: 'The current password is not correct.',
  sameEmail: 'That is already your email address.',
  emailChangeSent: 'Check the new address for a confirmation link.',
  linkInvalid: 'This link is invalid or has expired.',
  recoverySent: 'If an account uses that address, a reset link is on its way.',
  mfaRequired: 'Enter the code from your authenticator app.',
  mfaInvalid: 'That code is not valid.',
  mfaAlreadyOn: 'Two-factor authentication is already on.',
  mfaNotStarted: 'Start the setup again: no authenticator is waiting for a code.',
  mfaOff: 'Two-factor authentication is not on.',
  confirmEmailMismatch: 'Type your email address exactly to confirm.',
  ownsTeams: (names: string[]) =>
    `Transfer or delete the teams you own first: ${names.join(', ')}.`,
  sessionNotFound: 'Session not found.',
} as const;
