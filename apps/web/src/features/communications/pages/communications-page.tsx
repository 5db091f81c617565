import { SectionPlaceholder } from '@/components/section-placeholder';
import { usePageTitle } from '@/lib/use-page-title';

export function CommunicationsPage() {
  usePageTitle('Communications');
  return (
    <SectionPlaceholder
      title="Communications"
      description="Messages to your members by email, SMS and WhatsApp."
    />
  );
}
