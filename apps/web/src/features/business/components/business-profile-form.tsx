import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { BusinessProfile } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { formatDate } from '@/lib/format';
import { useImageUpload } from '@/lib/use-image-upload';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useUpdateBusiness } from '../api';
import { BUSINESS_TEXTS, businessForm, businessFormValues, toUpdateInput } from '../business-form';
import { BusinessFields } from './business-fields';
import { LogoField } from './logo-field';

interface BusinessProfileFormProps {
  business: BusinessProfile;
  /** Staff see the settings but may not change them. */
  canEdit: boolean;
}

export function BusinessProfileForm({ business, canEdit }: BusinessProfileFormProps) {
  const update = useUpdateBusiness();
  const success = useTimedMessage(5000);
  const logo = useImageUpload('business_logo', BUSINESS_TEXTS.logoFailed);
  const form = useAdapterForm(businessForm, { initialValues: businessFormValues(business) });

  const initial = form.getInitialValues();
  const changed = businessForm.changedFields(form.getValues(), initial).length > 0;
  const canSave = canEdit && (changed || Boolean(logo.uploadedUrl)) && !logo.uploading;

  const submit = form.onSubmit((v) => {
    if (!canSave) return;
    success.clear();
    update.mutate(toUpdateInput(v, initial, logo.uploadedUrl ?? business.logo_url), {
      onSuccess: (answer) => {
        const saved = businessFormValues(answer.data);
        form.setInitialValues(saved);
        form.setValues(saved);
        form.resetDirty(saved);
        logo.reset();
        success.show(BUSINESS_TEXTS.updated);
      },
    });
  });

  const save = (
    <Button type="submit" loading={update.isPending} disabled={!canSave}>
      {logo.uploading ? 'Uploading logo...' : 'Save Changes'}
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color="kora" size="lg" aria-label="Business code">
            {business.business_code}
          </Badge>
          <Text size="sm" c="dimmed">
            Created {formatDate(business.created_at)}
          </Text>
        </Group>
        {canEdit ? null : (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden />} role="note">
            {BUSINESS_TEXTS.staffReadOnly}
          </Alert>
        )}
        <SuccessAlert message={success.message} />
        <ErrorAlert error={update.error} fallback={BUSINESS_TEXTS.updateFailed} />
        <LogoField
          previewUrl={logo.previewUrl ?? business.logo_url}
          uploading={logo.uploading}
          error={logo.error}
          onPick={(file) => void logo.choose(file)}
          disabled={!canEdit}
        />
        <BusinessFields form={form} readOnly={!canEdit} />
        {logo.uploading ? (
          <Alert color="yellow" role="status">
            {BUSINESS_TEXTS.logoUploading}
          </Alert>
        ) : null}
        {/* Staff change nothing here: no Save to be refused. */}
        {canEdit ? <Group justify="flex-end">{save}</Group> : null}
      </Stack>
    </form>
  );
}
