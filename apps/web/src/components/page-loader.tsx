import { Center, Loader } from '@mantine/core';
import { NeedsConnection, useConnection } from '@/features/offline';

/**
 * Shown while a page's code or data loads. Offline nothing loads until the connection is back:
 * the page says "Needs a connection" instead of a spinner that never ends.
 */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const { online } = useConnection();
  if (!online) return <NeedsConnection />;
  return (
    <Center mih={minHeight} role="status" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
