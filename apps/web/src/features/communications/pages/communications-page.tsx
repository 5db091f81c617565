import { SectionPlaceholder } from '@/components/section-placeholder';

export function CommunicationsPage() {
  return (
    <SectionPlaceholder
      title="Communications"
      description="Messages to your members by email, SMS and WhatsApp."
    />
  );
}
