import { Card } from '@mantine/core';
import { ComingSoon } from './coming-soon';
import { PageHeader } from './page-header';

/** A back-office section whose screens arrive in a later release. */
export function SectionPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card withBorder radius="lg" padding="lg">
        <ComingSoon title={title} />
      </Card>
    </>
  );
}
