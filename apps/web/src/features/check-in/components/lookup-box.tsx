import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import { LOOKUP_MAX } from '@kora/shared';
import { forwardRef, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHECK_IN_TEXTS, codeFromScan } from '../check-in-format';
import { CameraScanModal } from './camera-scan-modal';

/** Typing looks up this long after the last key; Enter (a scanner's last key) looks up at once. */
const LOOKUP_DEBOUNCE_MS = 350;
/** A typed lookup waits for this many characters; Enter sends any. */
const TYPED_MIN = 2;

interface LookupBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Look `q` up now (Enter, a scan) or after the pause in typing. */
  onLookup: (q: string, now: boolean) => void;
}

/**
 * The one search box of the desk, focused on arrival: a USB or Bluetooth barcode scanner types
 * the code fast and presses Enter, which looks it up at once (the text is then selected, so the
 * next scan replaces it rather than being added to it); typing by hand looks up after a short
 * pause. The camera button reads a QR card.
 */
export const LookupBox = forwardRef<HTMLInputElement, LookupBoxProps>(function LookupBox(
  { value, onChange, onLookup },
  ref,
) {
  const timer = useRef<number | undefined>(undefined);
  const [camera, setCamera] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (next: string) => {
    onChange(next);
    window.clearTimeout(timer.current);
    const q = next.trim();
    if (q.length < TYPED_MIN) return;
    timer.current = window.setTimeout(() => onLookup(codeFromScan(q), false), LOOKUP_DEBOUNCE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    window.clearTimeout(timer.current);
    const q = value.trim();
    if (!q) return;
    onLookup(codeFromScan(q), true);
    event.currentTarget.select();
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        ref={ref}
        style={{ flex: 1 }}
        size="lg"
        label={CHECK_IN_TEXTS.searchLabel}
        placeholder={CHECK_IN_TEXTS.searchPlaceholder}
        leftSection={<IconSearch size={20} aria-hidden />}
        value={value}
        maxLength={LOOKUP_MAX}
        autoFocus
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <Tooltip label="Scan a QR card with the camera">
        <ActionIcon
          size={50}
          variant="light"
          aria-label="Scan a card with the camera"
          onClick={() => setCamera(true)}
        >
          <IconCamera size={26} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <CameraScanModal
        opened={camera}
        onClose={() => setCamera(false)}
        onCode={(text) => {
          setCamera(false);
          const code = codeFromScan(text);
          onChange(code);
          onLookup(code, true);
        }}
      />
    </Group>
  );
});
