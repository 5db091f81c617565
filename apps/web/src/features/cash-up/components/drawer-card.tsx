import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { CASH_UP_NOTE_MAX, formatNaira, recordCashUpSchema, type CashUp } from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { MoneyInput } from '@/components/form/money-input';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { useSubmissionKey } from '@/components/use-submission-key';
import { useExpectedCash, useRecordCashUp } from '../api';
import { CASH_UP_TEXTS, expectedBasis } from '../cash-up-format';
import { DifferenceBadge } from './difference-badge';

interface CountValues extends Record<string, unknown> {
  counted: number | '';
  note: string;
}

/**
 * The count's form: the cash counted (naira) and an optional note, checked by the shared rules
 * (₦0 or more, two decimals at most, a note of 500 characters at most). An empty count is
 * asked for rather than read as ₦0.
 */
const countForm = {
  empty: { counted: '', note: '' } as CountValues,
  validate: ({ counted, note }: CountValues) => {
    const errors: Record<string, string> = {};
    if (counted === '') errors.counted = CASH_UP_TEXTS.countedRequired;
    const parsed = recordCashUpSchema.safeParse({ counted: counted === '' ? 0 : counted, note });
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
    return errors;
  },
};

/** The cash-up just recorded: what Kora expected, what was counted, and the difference. */
function CashUpResult({ cashUp, onDone }: { cashUp: CashUp; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title={CASH_UP_TEXTS.recorded} role="status">
        <Stack gap={6}>
          <Text size="sm">
            Expected {formatNaira(cashUp.expected)} · Counted {formatNaira(cashUp.counted)}
          </Text>
          <Group gap="xs">
            <Text size="sm">Difference:</Text>
            <DifferenceBadge difference={cashUp.difference} />
          </Group>
          {cashUp.note ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Note: {cashUp.note}
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          New count
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Your drawer": the cash the signed-in user should hold (their cash payments less their cash
 * refunds since their last cash-up), what they counted and a note; Record cash-up sends it once
 * (a retry reuses its Idempotency-Key), then the difference shows.
 */
export function DrawerCard() {
  const expected = useExpectedCash();
  const record = useRecordCashUp();
  const submission = useSubmissionKey('cash-up');
  const [done, setDone] = useState<CashUp | null>(null);
  // The server's field errors (a refused count) show under the fields.
  const form = useAdapterForm(countForm, { error: record.error });

  const submit = form.onSubmit((values) => {
    const input = { counted: Number(values.counted), note: values.note.trim() };
    const key = submission.start(input);
    if (!key) return;
    record.mutate(
      { input, key },
      {
        onError: () => submission.settle(false),
        onSuccess: (answer) => {
          submission.settle(true);
          setDone(answer.data);
          form.reset();
        },
      },
    );
  });

  const body = () => {
    if (done)
      return (
        <CashUpResult
          cashUp={done}
          onDone={() => {
            setDone(null);
            record.reset();
          }}
        />
      );
    if (expected.isPending) return <PageLoader minHeight={120} />;
    if (expected.isError || !expected.data)
      return (
        <LoadError
          message={CASH_UP_TEXTS.expectedFailed}
          error={expected.error}
          onRetry={() => void expected.refetch()}
        />
      );
    const e = expected.data;
    return (
      <form onSubmit={submit} noValidate aria-label="Record cash-up">
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {CASH_UP_TEXTS.expectedLabel}
            </Text>
            <Text fz={28} fw={800} aria-label={`Expected cash: ${formatNaira(e.expected)}`}>
              {formatNaira(e.expected)}
            </Text>
            <Text size="sm" c="dimmed">
              {expectedBasis(e)}
            </Text>
          </div>
          <ErrorAlert error={record.error} fallback={CASH_UP_TEXTS.recordFailed} />
          <MoneyInput
            label="Counted"
            description="The cash in your drawer now"
            withAsterisk
            allowNegative={false}
            {...form.getInputProps('counted')}
          />
          <Textarea
            label="Note"
            placeholder="Anything the owner should know (optional)"
            autosize
            minRows={2}
            maxLength={CASH_UP_NOTE_MAX}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={record.isPending || submission.sending}>
              Record cash-up
            </Button>
          </Group>
        </Stack>
      </form>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h4" mb="sm">
        {CASH_UP_TEXTS.drawerTitle}
      </Title>
      {body()}
    </Card>
  );
}
