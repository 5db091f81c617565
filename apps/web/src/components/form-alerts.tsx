import { Alert, Text, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useConnection } from '@/features/offline';
import { NeedsConnection } from '@/components/needs-connection';
import { ApiError, errorMessage } from '@/lib/api-error';

/** A failure, read out at once, or a confirmation, read out politely. */
const TONES = {
  error: { color: 'red', Icon: IconAlertCircle, role: 'alert' },
  success: { color: 'green', Icon: IconCircleCheck, role: 'status' },
} as const;

interface ToneAlertProps {
  title?: string | null;
  mb?: MantineSpacing;
  /** Closes it: a Dismiss button shows. */
  onDismiss?: () => void;
}

function ToneAlert(props: ToneAlertProps & { tone: keyof typeof TONES; children: ReactNode }) {
  const { color, Icon, role } = TONES[props.tone];
  return (
    <Alert
      color={color}
      title={props.title}
      icon={<Icon size={18} aria-hidden />}
      role={role}
      mb={props.mb}
      withCloseButton={Boolean(props.onDismiss)}
      onClose={props.onDismiss}
      closeButtonLabel={props.onDismiss ? 'Dismiss' : undefined}
    >
      {props.children}
    </Alert>
  );
}

interface ErrorAlertProps extends Omit<ToneAlertProps, 'onDismiss'> {
  /** The failure (a mutation's error); nothing shows without one. */
  error: unknown;
  /** The screen's message when the server answered none. */
  fallback: string;
}

/** A failed save or request: the server's message, else the screen's fallback. */
export function ErrorAlert({ error, fallback, ...alert }: ErrorAlertProps) {
  const { online } = useConnection();
  if (!error) return null;
  // An action that did not reach the server while offline: it needs a connection, nothing failed.
  if (!online && error instanceof ApiError && error.status === 0)
    return <NeedsConnection>Try again once the connection is back.</NeedsConnection>;
  return (
    <ToneAlert tone="error" {...alert}>
      {errorMessage(error, fallback)}
    </ToneAlert>
  );
}

/** A done save's or step's confirmation; nothing shows without a message or a title. */
export function SuccessAlert({ message, ...alert }: ToneAlertProps & { message?: ReactNode }) {
  if (!message && !alert.title) return null;
  return (
    <ToneAlert tone="success" {...alert}>
      {message}
    </ToneAlert>
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
