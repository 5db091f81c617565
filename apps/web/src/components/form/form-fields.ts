import type { UseFormReturnType } from '@mantine/form';
import { maxLengthOf, type Schema } from '@/lib/form-adapter';

/** Where a field's longest text comes from: a form adapter, or a shared schema. */
type Limits = Schema | { maxLength: (field: string) => number | undefined };

/**
 * A form's input props: `text(name)` gives the field's value, change handler and error with its
 * `maxLength` from the shared limits; `select(name)` is a select whose '' means none.
 */
export const formFields = <V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  limits: Limits,
) => {
  const maxLength = (field: string) =>
    'maxLength' in limits && typeof limits.maxLength === 'function'
      ? limits.maxLength(field)
      : maxLengthOf(limits as Schema, field);
  return {
    text: (name: keyof V & string) => ({ ...form.getInputProps(name), maxLength: maxLength(name) }),
    select: (name: keyof V & string) => ({
      ...form.getInputProps(name),
      value: (form.getValues()[name] as string) || null,
      onChange: (value: string | null) =>
        form.setFieldValue(name, (value ?? '') as Parameters<typeof form.setFieldValue>[1]),
    }),
  };
};
