import { Card } from '@mantine/core';
import type { Communication } from '@kora/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SuccessAlert } from '@/components/form-alerts';
import { RecordHeader } from '@/components/record-page';
import { useSectionPath } from '@/components/use-section-path';
import { useSubmissionKey } from '@/components/use-submission-key';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateMessage } from '../api';
import {
  COMMUNICATION_RECORD,
  COMMUNICATION_SENT_REDIRECT_MS,
  COMMUNICATIONS_TEXTS,
} from '../communications-format';
import { NewMessageForm } from '../components/new-message-form';
import {
  emptyMessageForm,
  readDraft,
  toCreateInput,
  writeDraft,
  type MessageFormValues,
} from '../message-form';

/**
 * /communications/create: one Idempotency-Key per submission (a double click sends one
 * message); once sent, the banner shows and the list opens 3 seconds later.
 */
export function CommunicationCreatePage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const create = useCreateMessage();
  const submission = useSubmissionKey('comms-create');
  const [initialValues] = useState(() => readDraft() ?? emptyMessageForm);
  const [sent, setSent] = useState<Communication | null>(null);
  usePageTitle('New message');
  const backToList = sectionPath('communications');

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => void navigate(backToList), COMMUNICATION_SENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate, backToList]);

  const submit = (values: MessageFormValues) => {
    const input = toCreateInput(values);
    // A second click while the first is on its way sends nothing.
    const key = submission.start(input);
    if (!key) return;
    create.mutate(
      { input, key },
      {
        onError: () => submission.settle(false),
        onSuccess: (answer) => {
          submission.settle(true);
          writeDraft(null);
          setSent(answer.data);
        },
      },
    );
  };

  return (
    <>
      <RecordHeader
        of={COMMUNICATION_RECORD}
        title="New Message"
        description="Send a message to your members now, or schedule it."
      />
      {sent ? (
        <SuccessAlert
          title={COMMUNICATIONS_TEXTS.sent}
          message={
            sent.is_scheduled
              ? COMMUNICATIONS_TEXTS.scheduledText
              : COMMUNICATIONS_TEXTS.sendingText
          }
          mb="md"
        />
      ) : null}
      <Card withBorder radius="lg" padding="lg" maw={860}>
        <NewMessageForm
          initialValues={initialValues}
          pending={(create.isPending || submission.sending) && !sent}
          error={create.error}
          done={sent !== null}
          onCancel={() => {
            // Cancel drops what was typed.
            writeDraft(null);
            void navigate(backToList);
          }}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
