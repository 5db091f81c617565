import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Kiosk } from '@kora/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { useKiosks, useRevokeKiosk } from '../api';
import { KioskEntrySetting } from './kiosk-entry-setting';

const KIOSK_TEXTS = {
  title: 'Kiosks',
  note: 'Devices at the entrance where members check themselves in. A kiosk switched off stops at its next scan.',
  empty: 'No kiosk is switched on. Open one from the Check-in page.',
  managersOnly:
    'Only the business owner or an admin can see and switch off kiosks, and choose what they take.',
  loadFailed: 'We could not load your kiosks. Please try again.',
  never: 'Never',
  switchOff: 'Switch off',
  confirmTitle: 'Switch off this kiosk?',
  confirm: (name: string) =>
    `${name} stops working at its next scan. To use that device again, open a new kiosk on it.`,
  keep: 'Keep it on',
  failed: 'We could not switch the kiosk off. Please try again.',
} as const;

/**
 * Settings → Front Desk: what the kiosks take (cards only, or a typed phone or member ID with a
 * PIN too) and the kiosks switched on, each with who opened it and when it was used.
 */
export function KioskSettings() {
  const allowed = useCan('business.manage');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {KIOSK_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {KIOSK_TEXTS.note}
        </Text>
        {allowed ? (
          <>
            <KioskEntrySetting />
            <KioskList />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {KIOSK_TEXTS.managersOnly}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function KioskList() {
  const kiosks = useKiosks(true);
  const revoke = useRevokeKiosk();
  const [asked, setAsked] = useState<Kiosk | null>(null);
  if (kiosks.isPending) return <PageLoader minHeight={80} />;
  if (kiosks.isError || !kiosks.data)
    return <ErrorAlert error={kiosks.error ?? true} fallback={KIOSK_TEXTS.loadFailed} />;
  if (kiosks.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {KIOSK_TEXTS.empty}
      </Text>
    );
  const close = () => {
    setAsked(null);
    revoke.reset();
  };
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Opened by</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kiosks.data.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{k.created_by ?? '—'}</Table.Td>
                <Table.Td>
                  {k.last_used_at ? formatDateTime(k.last_used_at) : KIOSK_TEXTS.never}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={`${KIOSK_TEXTS.switchOff} ${k.name}`}
                    onClick={() => setAsked(k)}
                  >
                    {KIOSK_TEXTS.switchOff}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={asked !== null}
        title={KIOSK_TEXTS.confirmTitle}
        pending={revoke.isPending}
        error={revoke.error}
        errorFallback={KIOSK_TEXTS.failed}
        cancelLabel={KIOSK_TEXTS.keep}
        confirmLabel={KIOSK_TEXTS.switchOff}
        onClose={close}
        onConfirm={() => {
          if (asked) revoke.mutate(asked.id, { onSuccess: close });
        }}
      >
        {asked ? <Text size="sm">{KIOSK_TEXTS.confirm(asked.name)}</Text> : null}
      </ConfirmModal>
    </>
  );
}
