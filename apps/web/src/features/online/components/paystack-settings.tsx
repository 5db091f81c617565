import { Stack, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { BusinessSetupPrompt } from '@/features/business';
import { useSession } from '@/lib/session';
import { useCan } from '@/lib/use-can';
import { usePaystackConnection } from '../api';
import { ONLINE_TEXTS } from '../online-format';
import { ConnectPaystackForm } from './connect-paystack-form';
import { PaystackConnectionCard } from './paystack-connection-card';

/**
 * Settings → Payments: connect the gym's own Paystack account, or see and manage the
 * connection. Only an owner or an admin changes it; staff see it read-only.
 */
export function PaystackSettings() {
  const connection = usePaystackConnection();
  const canManage = useCan('business.manage');
  const hasBusiness = useSession().user?.businessId != null;

  if (!hasBusiness) return <BusinessSetupPrompt />;
  if (connection.isPending) return <PageLoader minHeight={200} />;
  if (connection.isError || !connection.data)
    return (
      <LoadError
        message={ONLINE_TEXTS.loadFailed}
        error={connection.error}
        onRetry={() => void connection.refetch()}
      />
    );
  const data = connection.data;
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="dimmed">
        {ONLINE_TEXTS.intro}
      </Text>
      {data.connected ? (
        <PaystackConnectionCard connection={data} canManage={canManage} />
      ) : (
        <ConnectPaystackForm canManage={canManage} />
      )}
    </Stack>
  );
}
