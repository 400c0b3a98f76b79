import { memo, useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, UseFormHandleSubmit, UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInputSchema } from '@segue/shared';
import type { LoginInput } from '@segue/shared';
import type { output } from 'zod';

export type LoginValues = output<typeof LoginInputSchema>;

/** What the login page needs of its react-hook-form. */
export interface LoginForm {
  register: UseFormRegister<LoginInput>;
  handleSubmit: UseFormHandleSubmit<LoginInput, LoginValues>;
  errors: FieldErrors<LoginInput>;
}

/**
 * The login form's react-hook-form, validated with the shared LoginInputSchema. It renders
 * nothing: it hands the form to the page, which has already painted the fields (see
 * login-page.tsx), and again whenever the errors change.
 */
export const LoginFormBinding = memo(function LoginFormBinding({
  onForm,
}: {
  onForm: (form: LoginForm) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(LoginInputSchema),
    // No default values: what was typed (or autofilled) before this arrived is what the form
    // starts from; react-hook-form then reads the fields themselves.
  });
  useLayoutEffect(() => {
    onForm({ register, handleSubmit, errors });
  });
  return null;
});
