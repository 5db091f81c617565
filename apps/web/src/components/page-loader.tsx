import { Center, Loader } from '@mantine/core';
import { useConnection } from '@/features/offline';
import { NeedsConnection } from '@/components/needs-connection';

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
