import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { registerFormSchema } from '@kora/shared';
import { splitErrorMessage } from '@/lib/api-error';
import { useRegister } from '../api';

export const REGISTER_ERRORS = {
  client: 'A client error occurred. Please check your input and try again.',
  other: 'An error occurred during registration. Please try again.',
} as const;

const toggle = { 'aria-label': 'Show or hide password' };

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

  const submit = form.onSubmit((values) => {
    // The confirmation stays in the browser.
    const { confirm_password: _confirm, ...input } = registerFormSchema.parse(values);
    register.mutate(input, { onSuccess: () => onRegistered(input.email) });
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
          <TextInput
            label="First Name"
            placeholder="Chidi"
            autoComplete="given-name"
            required
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last Name"
            placeholder="Okafor"
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label="Email Address"
          placeholder="you@example.com"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone Number"
          placeholder="08031234567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          {...form.getInputProps('phone_number')}
        />
        <PasswordInput
          label="Password"
          placeholder="At least 8 characters"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          placeholder="Repeat your password"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('confirm_password')}
        />
        <Button type="submit" fullWidth size="md" loading={register.isPending}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
