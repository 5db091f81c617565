import type { ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Modal } from './lazy-modal';

/** The phone's width: a dialog this narrow or narrower takes the whole screen. */
const PHONE = '(max-width: 36em)';

/**
 * Kora's dialog: Mantine's Modal (its code arrives after the first page, lazy-modal.tsx), taking
 * the whole screen on a phone.
 */
export function AppModal(props: ModalProps) {
  const phone = useMediaQuery(PHONE);
  return <Modal fullScreen={phone} {...props} />;
}
