import { Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

const PRESET_LOCK_LABEL = 'Set by the preset';

/**
 * What a field filled by a preset takes in create mode: read-only, shown filled (grey) with a
 * lock, so it does not look editable. Choosing Other in Plan Preset unlocks it.
 */
export const presetLockProps = (locked: boolean) =>
  locked
    ? {
        readOnly: true,
        variant: 'filled' as const,
        rightSection: (
          <Tooltip label={`${PRESET_LOCK_LABEL}. Choose Other to change it.`} multiline w={220}>
            <IconLock
              size={16}
              role="img"
              aria-label={PRESET_LOCK_LABEL}
              color="var(--mantine-color-dimmed)"
            />
          </Tooltip>
        ),
        styles: { input: { cursor: 'default' } },
      }
    : {};
