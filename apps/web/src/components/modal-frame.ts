/** Mantine's dialog, in a module of its own: fetched when needed (lazy-modal.tsx). */
export { Modal } from '@mantine/core';
