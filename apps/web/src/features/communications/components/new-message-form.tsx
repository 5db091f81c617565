import {
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { COMMS_PURPOSES, SCHEDULE_MIN_MINUTES } from '@kora/shared';
import { useState } from 'react';
import { formFields } from '@/components/form/form-fields';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { ErrorAlert } from '@/components/form-alerts';
import { useUserProfile } from '@/features/account';
import { useCommunicationChannels, useCommunicationGroups } from '../api';
import { COMMUNICATIONS_TEXTS, htmlText, scheduleMin } from '../communications-format';
import { isBlankMessage, messageForm, writeDraft, type MessageFormValues } from '../message-form';
import { AudienceNote } from './audience-note';
import { ChannelTips } from './channel-tips';
import { MessageEditor, type EditorChange } from './message-editor';
import { FormActions } from '@/components/form/form-actions';

interface NewMessageFormProps {
  initialValues: MessageFormValues;
  pending: boolean;
  /** The last failed send: its message above the form, its field errors under the fields. */
  error?: unknown;
  /** Sent and about to leave: nothing can change. */
  done: boolean;
  onSubmit: (values: MessageFormValues) => void;
  onCancel: () => void;
}

/**
 * The new message: recipients, channel, an optional schedule and the rich-text message, with the
 * channel's tips and who it will reach. What is typed is kept as a draft over a reload.
 */
export function NewMessageForm(props: NewMessageFormProps) {
  const { initialValues, pending, error, done, onSubmit, onCancel } = props;
  const groups = useCommunicationGroups();
  const channels = useCommunicationChannels();
  const businessName = useUserProfile().data?.business_name ?? undefined;
  const form = useAdapterForm(messageForm, {
    initialValues,
    error,
    onValuesChange: (values) => writeDraft(values),
  });
  const { select } = formFields(form, messageForm);
  const [text, setText] = useState(() => htmlText(initialValues.message));
  const values = form.getValues();
  const locked = pending || done;

  const changeMessage = ({ html, text: typed }: EditorChange) => {
    form.setFieldValue('message', html);
    setText(typed);
    if (form.errors.message) form.validateField('message');
  };
  const scheduled = values.is_scheduled;
  const label = scheduled
    ? pending
      ? 'Scheduling...'
      : 'Schedule Message'
    : pending
      ? 'Sending...'
      : 'Send Message';

  return (
    <>
      {done ? null : (
        <ErrorAlert
          error={error}
          title={COMMUNICATIONS_TEXTS.sendFailedTitle}
          fallback={COMMUNICATIONS_TEXTS.sendFailed}
          mb="md"
        />
      )}
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Recipients"
              placeholder={groups.isLoading ? 'Loading groups...' : 'Choose who receives it'}
              data={(groups.data ?? []).map((g) => ({ value: g.key, label: g.label }))}
              required
              allowDeselect={false}
              disabled={locked}
              {...select('group')}
            />
            <Select
              label="Channel"
              placeholder={channels.isLoading ? 'Loading channels...' : 'Choose how it goes'}
              data={(channels.data ?? []).map((c) => ({ value: c.key, label: c.label }))}
              required
              allowDeselect={false}
              disabled={locked}
              {...select('channel')}
            />
          </SimpleGrid>
          <Radio.Group label="Kind of message" required {...form.getInputProps('purpose')}>
            <Group mt="xs" gap="lg" align="flex-start">
              {COMMS_PURPOSES.map((p) => (
                <Radio
                  key={p.key}
                  value={p.key}
                  label={p.label}
                  description={`${p.hint}.`}
                  disabled={locked}
                />
              ))}
            </Group>
          </Radio.Group>
          <ChannelTips channel={values.channel} text={text} businessName={businessName} />
          <Checkbox
            label="Schedule this message"
            disabled={locked}
            {...form.getInputProps('is_scheduled', { type: 'checkbox' })}
            onChange={(e) => {
              form.setFieldValue('is_scheduled', e.currentTarget.checked);
              form.clearFieldError('schedule_date');
            }}
          />
          {scheduled ? (
            <TextInput
              type="datetime-local"
              label="Schedule Date & Time"
              description={`Lagos time, at least ${SCHEDULE_MIN_MINUTES} minutes from now.`}
              required
              min={scheduleMin()}
              disabled={locked}
              maw={320}
              {...form.getInputProps('schedule_date')}
            />
          ) : null}
          <MessageEditor
            initialHtml={initialValues.message}
            onChange={changeMessage}
            onBlur={() => {
              if (isBlankMessage(form.getValues().message)) form.validateField('message');
            }}
            error={typeof form.errors.message === 'string' ? form.errors.message : undefined}
            disabled={locked}
          />
          <AudienceNote group={values.group} channel={values.channel} purpose={values.purpose} />
          <FormActions onCancel={onCancel} busy={locked}>
            <Button
              type="submit"
              loading={pending}
              disabled={done || isBlankMessage(values.message)}
            >
              {label}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </>
  );
}
