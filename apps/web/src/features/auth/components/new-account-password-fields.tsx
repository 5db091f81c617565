import type { PasswordInputProps } from '@mantine/core';
import { PASSWORD_HELP } from '@kora/shared';
import { NewPasswordFields } from '@/components/form/password-fields';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewAccountPasswordFieldsProps {
  /** The password's input props (value, change, error, maxLength); a label of its own if any. */
  password: PasswordInputProps;
  /** The confirmation's. */
  confirm: PasswordInputProps;
  /** The password typed so far, for the strength meter. */
  value: string;
  autoFocus?: boolean;
}

/**
 * The password a person chooses for their account, asked the same way wherever it is set (the
 * owner's sign-up, an invited person's set-up, a reset): the one rule under the field, the
 * strength meter and its checklist, then the confirmation.
 */
export function NewAccountPasswordFields({
  password,
  confirm,
  value,
  autoFocus,
}: NewAccountPasswordFieldsProps) {
  return (
    <NewPasswordFields
      password={{ placeholder: 'At least 8 characters', description: PASSWORD_HELP, ...password }}
      confirm={{ placeholder: 'Repeat your password', ...confirm }}
      autoFocus={autoFocus}
    >
      <PasswordStrengthMeter password={value} />
    </NewPasswordFields>
  );
}
