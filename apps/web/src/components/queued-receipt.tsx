import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQueuedAction } from '@/features/offline';
import { OFFLINE_TEXTS } from '@/lib/desk-format';

interface QueuedReceiptProps {
  /** The queued action's seq. */
  seq: number | undefined;
  /** The receipt number in the server's answer, once the action was sent. */
  receiptOf: (result: unknown) => string | null | undefined;
}

/**
 * Under "Saved — will sync": the receipt number, live. It is the server's, so it shows once the
 * action reached the server; a refusal shows the server's words and where to deal with it.
 */
export function QueuedReceipt({ seq, receiptOf }: QueuedReceiptProps) {
  const action = useQueuedAction(seq);
  if (action?.state === 'attention')
    return (
      <Text size="sm" c="red" role="alert">
        {OFFLINE_TEXTS.notAccepted}: {action.problem?.message}.{' '}
        <Anchor component={Link} to="/offline" size="sm">
          Open Needs attention
        </Anchor>
      </Text>
    );
  const receipt = action?.state === 'done' ? receiptOf(action.result) : null;
  return receipt ? (
    <Text size="sm">
      Receipt number: <strong>{receipt}</strong>
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      Receipt number: given once it syncs
    </Text>
  );
}
