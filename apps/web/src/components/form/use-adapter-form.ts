import { useForm, type FormErrors, type UseFormInput } from '@mantine/form';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-error';

type Options<V> = Omit<UseFormInput<V>, 'initialValues' | 'validate'> & {
  /** The values to edit; a new form's empty values when not given. */
  initialValues?: V;
  /** The last failed save: its field errors show under the fields. */
  error?: unknown;
};

/** A form with the adapter's values and rules, checked as each field is left. */
export const useAdapterForm = <V extends Record<string, unknown>>(
  adapter: { empty: V; validate: (values: V) => FormErrors },
  { initialValues, error, ...options }: Options<V> = {},
) => {
  const form = useForm<V>({
    initialValues: initialValues ?? adapter.empty,
    validate: adapter.validate,
    validateInputOnBlur: true,
    ...options,
  });
  const { setErrors } = form;
  useEffect(() => {
    if (error instanceof ApiError && error.errors) setErrors(error.errors);
  }, [error, setErrors]);
  return form;
};
