import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

const TOGGLE = { 'aria-label': 'Show or hide password' };

/** A required password input whose show/hide button is named for screen readers. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput required visibilityToggleButtonProps={TOGGLE} {...props} />;
}

interface NewPasswordFieldsProps {
  /** The new password's input props (value, change, error, maxLength), label and placeholder. */
  password: PasswordInputProps;
  /** The confirmation's. */
  confirm: PasswordInputProps;
  /** Focus the new password when the dialog or page opens. */
  autoFocus?: boolean;
  /** Shown between the two (the strength meter). */
  children?: ReactNode;
}

/** A new password and its confirmation, both filled by the browser's password generator. */
export function NewPasswordFields({
  password,
  confirm,
  autoFocus,
  children,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        data-autofocus={autoFocus || undefined}
        {...password}
      />
      {children}
      <PasswordField label="Confirm Password" autoComplete="new-password" {...confirm} />
    </>
  );
}
