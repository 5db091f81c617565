import { Button } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import type { Communication } from '@kora/shared';
import { useNavigate } from 'react-router';
import { Can } from '@/components/can';
import { ListCard } from '@/components/list-card';
import { useListFilters } from '@/components/list';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { COMMUNICATIONS_PER_PAGE, useCommunications } from '../api';
import { COMMUNICATIONS_TEXTS } from '../communications-format';
import { CommunicationsTable } from '../components/communications-table';

const NO_FILTERS = [] as const;

/** /communications: the messages sent and scheduled, 20 a page (the page in the URL). */
export function CommunicationsPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const list = useListFilters(NO_FILTERS);
  const messages = useCommunications(list.page);
  usePageTitle('Communications');
  const create = () => void navigate(sectionPath('communications/create'));
  const newButton = (label: string) => (
    <Can action="communications.send">
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
        {label}
      </Button>
    </Can>
  );
  // The table shows its rows as cards on a phone, each opening its message alike.
  const rows = (data: Communication[]) => (
    <CommunicationsTable
      messages={data}
      onOpen={(m) => void navigate(sectionPath(`communications/${m.id}`))}
    />
  );

  return (
    <>
      <PageHeader
        title="Communications"
        description="Messages to your members by email, SMS and WhatsApp."
        actions={newButton('New Message')}
      />
      <ListCard
        toolbar={null}
        query={messages}
        errorMessage={COMMUNICATIONS_TEXTS.listFailed}
        empty={{
          icon: IconMessages,
          title: COMMUNICATIONS_TEXTS.none,
          text: COMMUNICATIONS_TEXTS.noneText,
          action: newButton('Send First Message'),
        }}
        noun="messages"
        perPage={COMMUNICATIONS_PER_PAGE}
        onPageChange={list.setPage}
        cards={rows}
        table={rows}
      />
    </>
  );
}
