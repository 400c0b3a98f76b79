import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { SERVER_ERRORS } from '../texts.ts';
import { text } from './text.ts';

const EmailSchema = text({ error: SERVER_ERRORS.invalidEmail })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMaxLength, SERVER_ERRORS.invalidEmail)
  .pipe(z.email({ error: SERVER_ERRORS.invalidEmail }));

// A password is hashed, never stored or shown as text: any character may be in it (and one
// already set must go on logging in), so passwords alone are plain `z.string()`.
export const PasswordSchema = z
  .string({ error: SERVER_ERRORS.passwordTooShort })
  .min(LIMITS.passwordMinLength, SERVER_ERRORS.passwordTooShort)
  .max(LIMITS.passwordMaxLength, SERVER_ERRORS.passwordTooLong);

/** Registration input: full name, phone number, e-mail and password (spec section 3). */
export const RegisterInputSchema = z.object({
  name: text({ error: SERVER_ERRORS.nameRequired })
    .trim()
    .min(1, SERVER_ERRORS.nameRequired)
    .max(LIMITS.nameMaxLength, `Full name must be at most ${LIMITS.nameMaxLength} characters.`),
  phone: text()
    .trim()
    .max(LIMITS.phoneMaxLength, `Phone number must be at most ${LIMITS.phoneMaxLength} characters.`)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone number may contain only digits, spaces and + ( ) - .')
    .optional()
    .default(''),
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  /** The authenticator code or a backup code, when two-factor authentication is on. */
  otp: text().trim().max(32).optional(),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(LIMITS.passwordMaxLength, SERVER_ERRORS.invalidCredentials),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** Body of `PUT /api/account/verification`: the two query parameters of the mailed link. */
export const VerifyEmailInputSchema = z.object({
  userId: text().min(1).max(200),
  secret: text().min(1).max(200),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInputSchema>;

/**
 * Body of `POST /api/account/verification`. A signed-in account needs no e-mail;
 * someone whose login was stopped for an unverified address names it.
 */
export const ResendVerificationInputSchema = z.object({
  email: EmailSchema.optional(),
});
export type ResendVerificationInput = z.infer<typeof ResendVerificationInputSchema>;

/** One of the interface's languages. */
export const LocaleSchema = z.enum(LOCALES, { error: 'Choose one of the languages offered.' });

/**
 * The current account, as the account service presents it (spec section 3, User), and beyond
 * the spec its interface language (`null`: follow the browser).
 */
export const AccountSchema = z.object({
  $id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerification: z.boolean(),
  phone: z.string(),
  teams: z.array(z.string()),
  // Optional: an answer kept on a device before the field existed has none.
  locale: LocaleSchema.nullable().optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Answer of register and login: the account and the token the browser keeps as `jwt`. */
export const SessionAnswerSchema = z.object({
  user: AccountSchema,
  jwt: z.string(),
});
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

export const JwtAnswerSchema = z.object({ jwt: z.string() });

export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
