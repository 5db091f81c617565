import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useImageUpload } from '@/lib/use-image-upload';
import { useCreateBusiness } from '../api';
import { BUSINESS_TEXTS, businessForm, toCreateInput } from '../business-form';
import { BusinessFields } from './business-fields';
import { LogoField } from './logo-field';
import { FormActions } from '@/components/form/form-actions';

interface BusinessSetupFormProps {
  onDone: () => void;
  onCancel?: () => void;
}

/** Setup: the business fields and a logo that uploads as soon as it is chosen. */
export function BusinessSetupForm({ onDone, onCancel }: BusinessSetupFormProps) {
  const create = useCreateBusiness();
  const logo = useImageUpload('business_logo', BUSINESS_TEXTS.logoFailed);
  const form = useAdapterForm(businessForm);

  const submit = form.onSubmit((values) => {
    if (logo.uploading) return;
    create.mutate(toCreateInput(values, logo.uploadedUrl), {
      onSuccess: (answer) => {
        notifications.show({
          color: 'green',
          title: BUSINESS_TEXTS.setupDone,
          message: `${answer.data.business_name} is ready. Welcome to Kora!`,
        });
        onDone();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert
          error={create.error}
          title={BUSINESS_TEXTS.setupFailedTitle}
          fallback={BUSINESS_TEXTS.setupFailed}
        />
        <LogoField
          previewUrl={logo.previewUrl}
          uploading={logo.uploading}
          error={logo.error}
          onPick={(file) => void logo.choose(file)}
        />
        <BusinessFields form={form} />
        {logo.uploading ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
            {BUSINESS_TEXTS.logoUploading}
          </Alert>
        ) : null}
        <FormActions onCancel={onCancel} busy={create.isPending}>
          <Button type="submit" loading={create.isPending} disabled={logo.uploading}>
            {logo.uploading ? 'Uploading logo...' : 'Complete Setup'}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
