import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { LoadError } from './load-error';
import { NotFoundState } from './not-found-state';
import { PageHeader, type PageHeaderProps } from './page-header';
import { PageLoader } from './page-loader';
import { useSectionPath } from './use-section-path';

/** What the pages of one kind of record say when it is not there, and the list they go back to. */
export interface RecordTexts {
  /** The list's path in the section: 'members'. */
  list: string;
  /** The way back to it: "Back to Members". */
  back: string;
  notFound: string;
  detailFailed: string;
}

/** What RecordPage needs of the record's query (TanStack Query's result fits). */
interface RecordQuery<T> {
  data?: T;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

interface RecordPageProps<T> {
  /** The route's id (useIdParam): 0 is not found without asking the server. */
  id: number;
  query: RecordQuery<T>;
  of: RecordTexts;
  /** The page's title, above not found and, without backOnError, above the load error. */
  title: string;
  /** The way back to the list above the load error, instead of the title (a details page). */
  backOnError?: boolean;
  /** The page, once the record is there. */
  children: (record: T) => ReactNode;
}

/**
 * The page of one record (a member, a plan): not found (a 404, or an id that cannot be one)
 * with the way back to the list, the load error with Retry, the loader, then the page.
 */
export function RecordPage<T>({ id, query, of, title, backOnError, children }: RecordPageProps<T>) {
  const sectionPath = useSectionPath();
  if (id === 0 || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <>
        <PageHeader title={title} />
        <NotFoundState message={of.notFound} backTo={sectionPath(of.list)} backLabel={of.back} />
      </>
    );
  if (query.isError)
    return (
      <>
        {backOnError ? <BackLink of={of} /> : <PageHeader title={title} />}
        <LoadError
          message={of.detailFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  if (!query.data) return <PageLoader />;
  return children(query.data);
}

/** The way back to the record's list: "Back to Members". */
function BackLink({ of }: { of: RecordTexts }) {
  const sectionPath = useSectionPath();
  return (
    <Button
      component={Link}
      to={sectionPath(of.list)}
      variant="subtle"
      px={0}
      mb="xs"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {of.back}
    </Button>
  );
}

/** A details page's header, under the way back to the record's list. */
export function RecordHeader({ of, ...header }: PageHeaderProps & { of: RecordTexts }) {
  return (
    <div>
      <BackLink of={of} />
      <PageHeader {...header} />
    </div>
  );
}
