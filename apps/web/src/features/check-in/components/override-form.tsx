import { Button, Group, Stack, Textarea } from '@mantine/core';
import { OVERRIDE_REASON_MAX } from '@kora/shared';
import { useState, type FormEvent } from 'react';
import { CHECK_IN_TEXTS } from '../check-in-format';

/** The reason's rule, as the server checks it: 2 to 300 visible characters. */
const reasonError = (reason: string): string | null => {
  const visible = reason.replace(/[\p{C}\p{Z}]/gu, '');
  if (!visible) return CHECK_IN_TEXTS.overrideRequired;
  if (reason.trim().length < 2) return 'Reason must be at least 2 characters';
  return null;
};

interface OverrideFormProps {
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** "Let in anyway": a red verdict is overridden only with a reason, kept with the visit. */
export function OverrideForm({ pending, onSubmit, onCancel }: OverrideFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reasonError(reason);
    setError(problem);
    if (!problem) onSubmit(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={CHECK_IN_TEXTS.overrideLabel}
          placeholder="e.g. Paying tomorrow, owner agreed"
          withAsterisk
          autosize
          minRows={2}
          maxLength={OVERRIDE_REASON_MAX}
          data-autofocus
          autoFocus
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={pending}>
            Check in anyway
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
