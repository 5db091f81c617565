import { TextInput, type TextInputProps } from '@mantine/core';

/** An e-mail input: the e-mail keyboard on phones; labelled "Email Address" unless told. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email Address" type="email" inputMode="email" {...props} />;
}

/** A phone input: the phone keypad on phones; labelled "Phone Number" unless told. */
export function PhoneField(props: TextInputProps) {
  return <TextInput label="Phone Number" type="tel" inputMode="tel" {...props} />;
}

interface NameFieldsProps {
  /** The first name's input props (value, change, error, maxLength), and a placeholder. */
  first: TextInputProps;
  last: TextInputProps;
}

/** A person's first and last name, both required, filled by the browser from the user's name. */
export function NameFields({ first, last }: NameFieldsProps) {
  return (
    <>
      <TextInput label="First Name" autoComplete="given-name" required {...first} />
      <TextInput label="Last Name" autoComplete="family-name" required {...last} />
    </>
  );
}
