import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { registerFormSchema } from '@kora/shared';
import { EmailField, NameFields, PhoneField } from '@/components/form/contact-fields';
import { formFields } from '@/components/form/form-fields';
import { splitErrorMessage } from '@/lib/api-error';
import { useRegister } from '../api';
import { holdPassword } from '../pending-password';
import { NewAccountPasswordFields } from './new-account-password-fields';

export const REGISTER_ERRORS = {
  client: 'A client error occurred. Please check your input and try again.',
  other: 'An error occurred during registration. Please try again.',
} as const;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useRegister();
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      password: '',
      confirm_password: '',
    },
    validate: zod4Resolver(registerFormSchema),
    validateInputOnBlur: true,
  });
  const { text } = formFields(form, registerFormSchema);

  const submit = form.onSubmit((values) => {
    // The confirmation stays in the browser.
    const { confirm_password: _confirm, ...input } = registerFormSchema.parse(values);
    register.mutate(input, {
      onSuccess: () => {
        holdPassword(input.email, input.password);
        onRegistered(input.email);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {register.isError ? (
          <Alert
            color="red"
            title="Registration failed"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {splitErrorMessage(register.error, REGISTER_ERRORS.client, REGISTER_ERRORS.other)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NameFields
            first={{ placeholder: 'Chidi', ...text('first_name') }}
            last={{ placeholder: 'Okafor', ...text('last_name') }}
          />
        </SimpleGrid>
        <EmailField
          placeholder="you@example.com"
          autoComplete="email"
          required
          {...text('email')}
        />
        <PhoneField
          placeholder="08031234567"
          autoComplete="tel"
          required
          {...text('phone_number')}
        />
        <NewAccountPasswordFields
          password={text('password')}
          confirm={text('confirm_password')}
          value={form.getValues().password}
        />
        <Button type="submit" fullWidth size="md" loading={register.isPending}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
