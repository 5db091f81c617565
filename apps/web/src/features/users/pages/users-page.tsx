import { SectionPlaceholder } from '@/components/section-placeholder';
import { usePageTitle } from '@/lib/use-page-title';

export function UsersPage() {
  usePageTitle('Users');
  return (
    <SectionPlaceholder
      title="Users"
      description="Your team: invite staff and admins to your business."
    />
  );
}
