import { Avatar, type AvatarProps } from '@mantine/core';
import { fullName, initials } from '@/lib/format';

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

interface MemberAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  member: { first_name: string; last_name: string; picture_url: string | null };
}

/** A member's picture, or their initials, named by their full name. */
export function MemberAvatar({ member, ...props }: MemberAvatarProps) {
  return (
    <PersonAvatar
      picture={member.picture_url}
      name={fullName(member.first_name, member.last_name)}
      first_name={member.first_name}
      last_name={member.last_name}
      {...props}
    />
  );
}
