import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  REMINDER_MAX_COUNT,
  REMINDER_OFFSET_MAX,
  REMINDER_TEXT_MAX,
  reminderLabel,
  updateReminderSettingsSchema,
  type ReminderSettings as Settings,
} from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { BusinessSetupPrompt } from '@/features/business';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useCan } from '@/lib/use-can';
import { useReminderSettings, useUpdateReminderSettings } from '../api';
import { REMINDER_TEXTS } from '../reminders-format';

type Side = 'before' | 'on' | 'after';
interface Row {
  /** A stable key for React while rows are added and removed. */
  key: number;
  /** As typed ('' while empty). */
  days: number | string;
  side: Side;
  text: string;
}

let nextKey = 1;
const toRow = (r: { offset_days: number; text: string }): Row => ({
  key: nextKey++,
  days: Math.abs(r.offset_days),
  side: r.offset_days < 0 ? 'before' : r.offset_days > 0 ? 'after' : 'on',
  text: r.text,
});
const offsetOf = (r: Row) => {
  const days = r.days === '' ? NaN : Number(r.days);
  return r.side === 'on' ? 0 : r.side === 'before' ? -days : days;
};

const SIDES = [
  { value: 'before', label: 'days before the last day' },
  { value: 'on', label: 'on the last day' },
  { value: 'after', label: 'days after it ended' },
];

/** Field errors keyed like the API's: `reminders.0.text`. */
type Errors = Record<string, string>;

/**
 * Settings → Reminders: on/off, the days and each reminder's text. Owners and admins change
 * them; staff see them read-only.
 */
export function ReminderSettings() {
  const settings = useReminderSettings();
  // Held above the form: saving makes a new version of the settings, which starts the form
  // afresh (its key), and the save's outcome must outlive that.
  const update = useUpdateReminderSettings();
  const hasBusiness = useSession().user?.businessId != null;
  if (!hasBusiness) return <BusinessSetupPrompt />;
  if (settings.isPending) return <PageLoader minHeight={200} />;
  if (settings.isError || !settings.data)
    return (
      <LoadError
        message={REMINDER_TEXTS.loadFailed}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <ReminderSettingsForm
      key={settings.data.updated_at ?? 'new'}
      settings={settings.data}
      update={update}
    />
  );
}

function ReminderSettingsForm({
  settings,
  update,
}: {
  settings: Settings;
  update: ReturnType<typeof useUpdateReminderSettings>;
}) {
  const canManage = useCan('business.manage');
  const [enabled, setEnabled] = useState(settings.enabled);
  const [rows, setRows] = useState<Row[]>(() => settings.reminders.map(toRow));
  const [errors, setErrors] = useState<Errors>({});
  // "Saved" shows while the settings on screen are the ones this save answered, until an edit.
  const [edited, setEdited] = useState(false);
  const saved =
    !edited &&
    update.isSuccess &&
    (update.data.data.updated_at ?? 'new') === (settings.updated_at ?? 'new');
  const serverErrors = update.error instanceof ApiError ? (update.error.errors ?? {}) : {};
  const shown: Errors = { ...serverErrors, ...errors };
  const readOnly = !canManage;

  const change = (key: number, patch: Partial<Row>) => {
    setEdited(true);
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };

  const save = () => {
    const input = {
      enabled,
      reminders: rows.map((r) => ({ offset_days: offsetOf(r), text: r.text })),
    };
    const parsed = updateReminderSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!(path in found)) found[path] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setEdited(false);
    update.mutate(input);
  };

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        {REMINDER_TEXTS.intro}
      </Text>
      {readOnly ? (
        <Text size="sm" fw={500}>
          {REMINDER_TEXTS.readOnly}
        </Text>
      ) : null}
      <Switch
        label="Send renewal reminders"
        checked={enabled}
        disabled={readOnly}
        onChange={(e) => {
          setEdited(true);
          setEnabled(e.currentTarget.checked);
        }}
      />
      <Text size="sm" c="dimmed">
        {settings.payment_links ? REMINDER_TEXTS.withLink : REMINDER_TEXTS.noLink}
      </Text>
      <Text size="xs" c="dimmed">
        {REMINDER_TEXTS.placeholders}
      </Text>
      {shown.reminders ? (
        <Text size="sm" c="red">
          {shown.reminders}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {REMINDER_TEXTS.none}
        </Text>
      ) : null}
      {rows.map((row, i) => {
        const offset = offsetOf(row);
        const name = Number.isFinite(offset) ? reminderLabel(offset) : 'without a day';
        return (
          <Card key={row.key} withBorder radius="md" padding="md" aria-label={`Reminder ${name}`}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                {row.side === 'on' ? null : (
                  <NumberInput
                    label="Days"
                    w={90}
                    min={1}
                    max={REMINDER_OFFSET_MAX}
                    allowDecimal={false}
                    value={row.days}
                    disabled={readOnly}
                    onChange={(v) => change(row.key, { days: v })}
                    error={shown[`reminders.${i}.offset_days`]}
                  />
                )}
                <Select
                  label="When"
                  data={SIDES}
                  value={row.side}
                  allowDeselect={false}
                  disabled={readOnly}
                  onChange={(v) => v && change(row.key, { side: v as Side })}
                  style={{ flex: 1 }}
                />
                {readOnly ? null : (
                  <Tooltip label="Remove this reminder">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove the reminder ${name}`}
                      onClick={() => {
                        setEdited(true);
                        setErrors({});
                        setRows((all) => all.filter((r) => r.key !== row.key));
                      }}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              <Textarea
                label={`Text (${name})`}
                autosize
                minRows={2}
                maxLength={REMINDER_TEXT_MAX}
                value={row.text}
                readOnly={readOnly}
                onChange={(e) => change(row.key, { text: e.currentTarget.value })}
                error={shown[`reminders.${i}.text`]}
                description={`${row.text.length}/${REMINDER_TEXT_MAX}`}
              />
            </Stack>
          </Card>
        );
      })}
      {readOnly ? null : (
        <>
          <ErrorAlert
            error={Object.keys(serverErrors).length ? null : update.error}
            title={REMINDER_TEXTS.saveFailed}
            fallback={REMINDER_TEXTS.saveFailed}
          />
          {saved ? <SuccessAlert title={REMINDER_TEXTS.saved} /> : null}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={rows.length >= REMINDER_MAX_COUNT}
              onClick={() => {
                setEdited(true);
                setRows((all) => [
                  ...all,
                  toRow({ offset_days: -14, text: 'Hi {{first_name}}, ' }),
                ]);
              }}
            >
              Add reminder
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save reminders
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
