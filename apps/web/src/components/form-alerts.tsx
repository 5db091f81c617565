import { Alert, Text, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-error';

interface ErrorAlertProps {
  /** The failure (a mutation's error); nothing shows without one. */
  error: unknown;
  /** The screen's message when the server answered none. */
  fallback: string;
  title?: string;
  mb?: MantineSpacing;
}

/** A failed save or request: the server's message, else the screen's fallback. */
export function ErrorAlert({ error, fallback, title, mb }: ErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
      mb={mb}
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}

/** A done save's confirmation; nothing shows without a message. */
export function SuccessAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
      {message}
    </Alert>
  );
}

/** A picked file's problem, in red under its field; nothing shows without one. */
export function FieldError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}
