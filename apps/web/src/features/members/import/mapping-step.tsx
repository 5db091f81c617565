import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_PLAN_WITHOUT_EXPIRY_LABELS,
  importMappingSchema,
  type ImportDuplicateChoice,
  type ImportField,
  type ImportMapping,
  type ImportPlanWithoutExpiry,
  type MemberImport,
} from '@kora/shared';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-error';
import { usePreviewImport } from './import-api';

const PREVIEW_FAILED = 'The preview could not be made. Please try again.';
/** The Select's value for a field left out. */
const NONE = 'none';

type Column = MemberImport['columns'][number];

/** "Tel — 0803 123 4567, 0812 555 0101": a column as its header and first values show it. */
const columnHint = (column: Column) =>
  `${column.header || `Column ${column.index + 1}`}${
    column.samples.length ? ` — ${column.samples.slice(0, 3).join(', ')}` : ' — (empty)'
  }`;

/** The messages of a mapping the server would refuse, or none. */
const mappingProblems = (mapping: ImportMapping): string[] => {
  const result = importMappingSchema.safeParse(mapping);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};

/** The messages of a refused preview: the answer's message and its field messages. */
const serverProblems = (error: unknown): string[] => {
  const main = errorMessage(error, PREVIEW_FAILED);
  const fields = error instanceof ApiError && error.errors ? Object.values(error.errors) : [];
  return [...new Set([main, ...fields])];
};

const initialMapping = (upload: MemberImport): ImportMapping => {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = upload.mapping[field];
    if (column !== undefined && upload.columns.some((c) => c.index === column))
      mapping[field] = column;
  }
  return mapping;
};

/**
 * Step 2: which row holds the column names, which column fills which member field, what a row of
 * a known member does, whether names in capitals are written in Title Case, and what a plan
 * without an expiry date does. Choosing another header row reads the columns again from it (the
 * page then shows this step afresh, with the mapping guessed from that row).
 */
export function MappingStep({
  upload,
  onPreviewed,
}: {
  upload: MemberImport;
  onPreviewed: () => void;
}) {
  const preview = usePreviewImport(upload.id);
  /** An option changed: the preview made before no longer holds. */
  const setOption =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      preview.reset();
      set(value);
    };
  const [mapping, setMapping] = useState<ImportMapping>(() => initialMapping(upload));
  const [duplicates, setDuplicates] = useState<ImportDuplicateChoice>(upload.duplicates);
  const [titleCase, setTitleCase] = useState(upload.title_case);
  const [planWithoutExpiry, setPlanWithoutExpiry] = useState<ImportPlanWithoutExpiry>(
    upload.plan_without_expiry,
  );
  const [checked, setChecked] = useState(false);
  const choices = {
    header_row: upload.header_row,
    duplicates,
    title_case: titleCase,
    plan_without_expiry: planWithoutExpiry,
  };
  const options = [
    { value: NONE, label: "Don't import" },
    ...upload.columns.map((c) => ({
      value: String(c.index),
      label: c.header || `Column ${c.index + 1}`,
    })),
  ];
  const byIndex = new Map(upload.columns.map((c) => [c.index, c]));

  const choose = (field: ImportField, value: string | null) => {
    preview.reset();
    setMapping((m) => {
      const next = { ...m };
      if (value === null || value === NONE) delete next[field];
      else next[field] = Number(value);
      return next;
    });
  };

  const problems = checked ? mappingProblems(mapping) : [];
  const shown = problems.length ? problems : preview.error ? serverProblems(preview.error) : [];

  const submit = () => {
    setChecked(true);
    if (mappingProblems(mapping).length) return;
    preview.mutate({ ...choices, mapping }, { onSuccess: onPreviewed });
  };

  /** Another header row: the server reads the columns from it and guesses the mapping again. */
  const chooseHeaderRow = (value: string | null) => {
    if (!value || Number(value) === upload.header_row) return;
    setChecked(false);
    preview.mutate({ ...choices, header_row: Number(value) });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <div>
          <Text fw={600}>Match the columns of {upload.file_name}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {upload.total_rows.toLocaleString('en-NG')} member rows found (headers on row{' '}
            {upload.header_row}). Choose the column that holds each detail; the ones we recognised
            are already chosen.
          </Text>
        </div>
        {upload.header_rows.length > 1 ? (
          <Select
            label="Column names are in row"
            description="The row of the file holding the column names; the rows under it are the members."
            data={upload.header_rows.map((r) => ({
              value: String(r.row),
              label: `${r.row} — ${r.text || '(empty)'}`,
            }))}
            value={String(upload.header_row)}
            onChange={chooseHeaderRow}
            allowDeselect={false}
            disabled={preview.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {IMPORT_FIELDS.map((field) => {
            const column = mapping[field];
            const chosen = column === undefined ? undefined : byIndex.get(column);
            return (
              <Select
                key={field}
                label={IMPORT_FIELD_LABELS[field]}
                data={options}
                value={column === undefined ? NONE : String(column)}
                onChange={(value) => choose(field, value)}
                description={chosen ? columnHint(chosen) : undefined}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                renderOption={({ option }) => {
                  const c = option.value === NONE ? undefined : byIndex.get(Number(option.value));
                  return (
                    <div>
                      <Text size="sm">{option.label}</Text>
                      {c?.samples.length ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {c.samples.slice(0, 3).join(', ')}
                        </Text>
                      ) : null}
                    </div>
                  );
                }}
              />
            );
          })}
        </SimpleGrid>
        <Choice<ImportDuplicateChoice>
          label="Members already added"
          description="Rows whose phone number or email is already a member's"
          value={duplicates}
          onChange={setOption(setDuplicates)}
          options={{ skip: 'Skip them', update: "Update them with the file's details" }}
        />
        {mapping.plan !== undefined ? (
          <Choice<ImportPlanWithoutExpiry>
            label="Plan without an expiry date"
            description="Rows that give a plan but no expiry date"
            value={planWithoutExpiry}
            onChange={setOption(setPlanWithoutExpiry)}
            options={{
              import_day: IMPORT_PLAN_WITHOUT_EXPIRY_LABELS.import_day,
              none: IMPORT_PLAN_WITHOUT_EXPIRY_LABELS.none,
            }}
          />
        ) : null}
        <Switch
          label="Title Case names typed in capitals"
          description="ADA OBI-NWANKWO becomes Ada Obi-Nwankwo; names in mixed case stay as typed."
          checked={titleCase}
          onChange={(event) => setOption(setTitleCase)(event.currentTarget.checked)}
        />
        {shown.length ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Stack gap={4}>
              {shown.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={submit}
            loading={preview.isPending}
          >
            Preview
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** One of the import's options, as radio buttons: `options` maps each value to its label. */
function Choice<T extends string>({
  label,
  description,
  value,
  onChange,
  options,
}: {
  label: string;
  description: string;
  value: T;
  onChange: (value: T) => void;
  options: Record<T, string>;
}) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value}
      onChange={(v) => onChange(v as T)}
    >
      <Stack gap="xs" mt="xs">
        {(Object.keys(options) as T[]).map((key) => (
          <Radio key={key} value={key} label={options[key]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
