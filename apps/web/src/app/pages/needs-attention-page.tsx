import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/lib/use-page-title';
import { useAttention, type QueuedAction } from '@/features/offline';
import { OFFLINE_TEXTS, deskTime } from '@/lib/desk-format';

/**
 * /offline: the actions recorded on this device that the server refused, each with what it was,
 * when, the server's reason and what to do: Retry (after fixing the cause, e.g. reactivating the
 * member) or Discard (after confirming: it never reaches the server).
 */
export function NeedsAttentionPage() {
  usePageTitle(OFFLINE_TEXTS.attentionTitle);
  const { items, retry, discard } = useAttention();
  const [discarding, setDiscarding] = useState<QueuedAction | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const run = async (seq: number, act: (seq: number) => Promise<void>) => {
    setBusy(seq);
    setFailure(null);
    try {
      await act(seq);
      return true;
    } catch (error) {
      setFailure(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" maw={800}>
      <PageHeader
        title={OFFLINE_TEXTS.attentionTitle}
        description="Actions recorded on this device that the server did not accept."
      />
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-green-7)" />
            <Text size="sm">{OFFLINE_TEXTS.nothingNeedsAttention}</Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.seq}>
              <AttentionItem
                item={item}
                busy={busy === item.seq}
                onRetry={() => void run(item.seq!, retry)}
                onDiscard={() => setDiscarding(item)}
              />
            </li>
          ))}
        </Stack>
      )}
      <Modal
        opened={discarding !== null}
        onClose={() => (busy === null ? setDiscarding(null) : undefined)}
        title={OFFLINE_TEXTS.discardTitle}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        {discarding ? (
          <Stack gap="md">
            <Text size="sm">
              “{discarding.label}” will never reach the server: nothing of it is recorded. If it
              happened (cash was taken, the member came in), record it again once the cause is
              fixed.
            </Text>
            {failure ? (
              <Text size="sm" c="red.8" role="alert">
                It could not be discarded. Try again.
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setDiscarding(null)}
                disabled={busy !== null}
              >
                Keep it
              </Button>
              <Button
                color="red"
                loading={busy === discarding.seq}
                onClick={() => {
                  const seq = discarding.seq;
                  if (seq === undefined) return;
                  void run(seq, discard).then((done) => {
                    if (done) setDiscarding(null);
                  });
                }}
              >
                Discard
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function AttentionItem({
  item,
  busy,
  onRetry,
  onDiscard,
}: {
  item: QueuedAction;
  busy: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const errors = Object.values(item.problem?.errors ?? {});
  return (
    <Paper
      component="section"
      aria-label={item.label}
      withBorder
      radius="md"
      p="md"
      style={{ borderLeft: '4px solid var(--mantine-color-red-6)' }}
    >
      <Stack gap={6}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {item.label}
        </Text>
        <Text size="xs" c="dimmed">
          Recorded {deskTime(item.recorded_at)}
          {item.problem ? ` · refused ${deskTime(item.problem.at)}` : ''}
        </Text>
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {item.problem?.message || OFFLINE_TEXTS.notAccepted}
        </Text>
        {errors.length > 0 ? (
          <Stack gap={0} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {errors.map((e) => (
              <Text key={e} component="li" size="sm" c="red.8">
                {e}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Text size="sm" c="dimmed">
          Fix the cause (for example reactivate the member), then Retry; or Discard it if it should
          not be recorded.
        </Text>
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button variant="default" color="red" onClick={onDiscard} disabled={busy}>
            Discard
          </Button>
          <Button onClick={onRetry} loading={busy}>
            Retry
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
