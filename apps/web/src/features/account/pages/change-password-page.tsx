import { Button, Card, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { changePasswordSchema } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { formFields } from '@/components/form/form-fields';
import { NewPasswordFields, PasswordField } from '@/components/form/password-fields';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useChangePassword } from '../api';

export const CHANGE_PASSWORD_FAILED = 'An error occurred while changing your password.';
export const PASSWORD_CHANGED = 'Password changed successfully!';

const empty = { old_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordPage() {
  usePageTitle('Change password');
  const change = useChangePassword();
  const success = useTimedMessage(5000);
  const form = useForm({
    initialValues: empty,
    validate: zod4Resolver(changePasswordSchema),
    validateInputOnBlur: true,
  });
  const { text } = formFields(form, changePasswordSchema);

  const submit = form.onSubmit((values) => {
    success.clear();
    change.mutate(values, {
      onSuccess: () => {
        form.setValues(empty);
        form.resetDirty(empty);
        form.clearErrors();
        success.show(PASSWORD_CHANGED);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      },
    });
  });

  return (
    <Stack maw={560} gap={0}>
      <PageHeader
        title="Change Password"
        description="Use at least 8 characters. Other devices signed in to your account will be signed out."
      />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SuccessAlert message={success.message} />
            <ErrorAlert error={change.error} fallback={CHANGE_PASSWORD_FAILED} />
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              {...text('old_password')}
            />
            <NewPasswordFields
              password={{ label: 'New Password', ...text('new_password') }}
              confirm={{ label: 'Confirm New Password', ...text('confirm_password') }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
