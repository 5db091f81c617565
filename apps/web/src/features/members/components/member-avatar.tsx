import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@/lib/format';

interface MemberAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  member: { first_name: string; last_name: string; picture_url: string | null };
  /** A local preview that replaces the stored picture (while it uploads). */
  previewUrl?: string | null;
}

/** The member's picture, or their initials when there is none (or it fails to load). */
export function MemberAvatar({ member, previewUrl, ...props }: MemberAvatarProps) {
  const src = previewUrl ?? member.picture_url;
  return (
    <Avatar
      src={src}
      alt={src ? `${member.first_name} ${member.last_name}` : undefined}
      color="kora"
      variant="light"
      radius="xl"
      {...props}
    >
      {initials(member.first_name, member.last_name)}
    </Avatar>
  );
}
