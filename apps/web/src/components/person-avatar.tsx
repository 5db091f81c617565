import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@/lib/format';

interface PersonAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  /** The picture's address; none shows the initials. */
  picture: string | null | undefined;
  /** The picture's text alternative (the person's name). */
  name: string;
  first_name: string | null | undefined;
  last_name: string | null | undefined;
}

/** A person's picture, or their initials when there is none (or it fails to load). */
export function PersonAvatar({
  picture,
  name,
  first_name,
  last_name,
  ...props
}: PersonAvatarProps) {
  return (
    <Avatar
      src={picture}
      alt={picture ? name : undefined}
      color="kora"
      variant="light"
      radius="xl"
      {...props}
    >
      {initials(first_name, last_name)}
    </Avatar>
  );
}
