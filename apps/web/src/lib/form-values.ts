/** A create form's parsed values without the empty ones (null, undefined or ''): left out. */
export const withoutEmpty = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as Partial<T>;
