import { z } from 'zod';

/*
 * Every validation message names the field in words a gym owner understands. The schemas give
 * their own messages wherever the screens have one; this map answers for the rest (a wrong type
 * sent by a script, an unknown choice, a field the call does not take), which would otherwise
 * read like "Invalid input: expected boolean, received string".
 */

/** Input fields in words, by their name in the API. */
const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  email: 'Email address',
  email_address: 'Email address',
  phone_number: 'Phone number',
  mobile_number: 'Phone number',
  password: 'Password',
  confirm_password: 'Password confirmation',
  old_password: 'Current password',
  new_password: 'New password',
  code: 'Verification code',
  token: 'Link',
  type: 'Link type',
  remember_me: 'Remember me',
  business_name: 'Business name',
  address: 'Address',
  city: 'City',
  state: 'State',
  website_url: 'Website',
  business_email: 'Business email',
  business_phone: 'Business phone',
  logo_url: 'Logo',
  home_address: 'Home address',
  country_code: 'Country',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_number: 'Emergency contact number',
  emergency_contact_relationship: 'Emergency contact relationship',
  subscription_type_id: 'Subscription plan',
  member_id: 'Member',
  is_active: 'Active',
  is_grouped: 'Group plan',
  group_limit: 'Group limit',
  name: 'Name',
  amount: 'Amount',
  duration: 'Duration',
  duration_type: 'Duration type',
  purpose: 'Purpose',
  method: 'Payment method',
  page: 'Page',
  per_page: 'Page size',
  search: 'Search',
  account_status: 'Account status',
  status: 'Status',
  start_date: 'Start date',
  end_date: 'End date',
  id: 'ID',
  file_type: 'File type',
  file: 'File',
};

/** "subscription_type_id" → "Subscription plan"; an unknown key in words: "foo_bar" → "Foo bar". */
const fieldLabel = (key: PropertyKey | undefined): string => {
  if (typeof key !== 'string' || key === '') return 'This value';
  if (Object.hasOwn(FIELD_LABELS, key)) return FIELD_LABELS[key]!;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This value';
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

type Issue = z.core.$ZodRawIssue;

/** The friendly message of an issue no schema gave a message of its own. */
const friendlyMessage = (issue: Issue): string => {
  const path = (issue.path ?? []) as PropertyKey[];
  const key = [...path].reverse().find((p) => typeof p === 'string');
  const label = fieldLabel(key);
  switch (issue.code) {
    case 'invalid_type': {
      if (path.length === 0) return 'The request must be a JSON object.';
      if (issue.input === undefined) return `${label} is required`;
      const expected = String(issue.expected ?? '');
      return `${label} must be ${TYPE_WORDS[expected] ?? 'of another kind'}`;
    }
    case 'invalid_value': {
      const values = (issue.values as unknown[] | undefined) ?? [];
      return values.length && values.length <= 8
        ? `${label} must be one of: ${values.map(String).join(', ')}`
        : `${label} is not one of the choices`;
    }
    case 'unrecognized_keys': {
      const keys = (issue.keys as string[] | undefined) ?? [];
      return keys.length === 1
        ? `${fieldLabel(keys[0])} can't be sent here`
        : `These fields can't be sent here: ${keys.map(fieldLabel).join(', ')}`;
    }
    case 'too_big':
      return issue.origin === 'string'
        ? `${label} must be at most ${String(issue.maximum)} characters`
        : issue.origin === 'array'
          ? `${label} has too many items`
          : `${label} is too large`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${String(issue.minimum)} characters`
        : `${label} is too small`;
    case 'invalid_format':
      return `${label} is not valid`;
    case 'not_multiple_of':
      return `${label} must be a whole number`;
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return `${label} is not valid`;
  }
};

z.config({ customError: (issue) => friendlyMessage(issue) });
