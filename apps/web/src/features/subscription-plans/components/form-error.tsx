import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-error';

/** A failed create or update: the title, and the server's message or the fallback. */
export function FormError({
  error,
  title,
  fallback,
}: {
  error: unknown;
  title: string;
  fallback: string;
}) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
      mb="md"
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}
