import type { AvatarProps } from '@mantine/core';
import { PersonAvatar } from '@/components/person-avatar';
import { fullName } from '@/lib/format';

interface MemberAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  member: { first_name: string; last_name: string; picture_url: string | null };
  /** A local preview that replaces the stored picture (while it uploads). */
  previewUrl?: string | null;
}

/** The member's picture, or their initials when there is none (or it fails to load). */
export function MemberAvatar({ member, previewUrl, ...props }: MemberAvatarProps) {
  return (
    <PersonAvatar
      picture={previewUrl ?? member.picture_url}
      name={fullName(member.first_name, member.last_name)}
      first_name={member.first_name}
      last_name={member.last_name}
      {...props}
    />
  );
}
