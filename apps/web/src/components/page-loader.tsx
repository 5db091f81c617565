import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or data loads. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
