import { SectionPlaceholder } from '@/components/section-placeholder';

export function UsersPage() {
  return (
    <SectionPlaceholder
      title="Users"
      description="Your team: invite staff and admins to your business."
    />
  );
}
