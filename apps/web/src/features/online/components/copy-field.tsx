import { Button, CopyButton, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';

interface CopyFieldProps extends Pick<TextInputProps, 'description' | 'size' | 'styles'> {
  label: string;
  value: string;
}

/** A value to copy (a webhook URL, a payment link): read-only, with a Copy button beside it. */
export function CopyField({ label, value, ...input }: CopyFieldProps) {
  const id = useId();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        id={id}
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        {...input}
      />
      <CopyLink value={value} describedBy={`${id}-label`} />
    </Group>
  );
}

/**
 * Copy `value` to the clipboard; says Copied for two seconds after. Its name is only "Copy" (the
 * field's label stays the field's alone); `describedBy` names what it copies.
 */
export function CopyLink({ value, describedBy }: { value: string; describedBy?: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'green' : undefined}
          onClick={copy}
          aria-describedby={describedBy}
          leftSection={
            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          style={{ flexShrink: 0 }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}
