import { Button, Group, Text } from '@mantine/core';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered pages to show: the first, the last, the current one and its
 * neighbours, with an ellipsis wherever pages are skipped. pageItems(5, 10) is
 * [1, …, 4, 5, 6, …, 10].
 */
export const pageItems = (current: number, pages: number): PageItem[] => {
  if (pages <= 1) return [1];
  const page = Math.min(Math.max(1, current), pages);
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  shown.forEach((p, i) => {
    const previous = shown[i - 1];
    if (previous !== undefined && p - previous > 1)
      items.push(p === pages ? 'ellipsis-end' : 'ellipsis-start');
    items.push(p);
  });
  return items;
};

/** The singular of a plural noun ending in s: "members" → "member". */
const singular = (noun: string) => (noun.endsWith('s') ? noun.slice(0, -1) : noun);

/**
 * "Showing 11 to 20 of 42 members"; a total of exactly 1 takes the singular ("of 1 member"); a
 * capped search count reads "of 1,000+ members".
 */
export const showingText = (
  page: number,
  perPage: number,
  total: number,
  noun: string,
  capped = false,
) => {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const of = capped ? `${total.toLocaleString('en-NG')}+` : total;
  return `Showing ${from} to ${to} of ${of} ${total === 1 && !capped ? singular(noun) : noun}`;
};

interface PaginationFooterProps {
  page: number;
  pages: number;
  perPage: number;
  total: number;
  /** What is counted, plural: "members", "payments" (a total of 1 drops the final s). */
  noun: string;
  /** The total is a floor (a broad search): shown as "1,000+". */
  capped?: boolean;
  onChange: (page: number) => void;
  /** While the next page loads. */
  disabled?: boolean;
}

/** The list footer shared by members, subscriptions and payments. */
export function PaginationFooter(props: PaginationFooterProps) {
  const { page, pages, perPage, total, noun, onChange, disabled, capped } = props;
  const go = (p: number) => () => onChange(p);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed">
        {showingText(page, perPage, total, noun, capped)}
      </Text>
      <Group component="nav" aria-label="Pagination" gap={4} wrap="wrap">
        <Button
          variant="default"
          size="compact-sm"
          onClick={go(page - 1)}
          disabled={disabled || page <= 1}
        >
          Previous
        </Button>
        {pageItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="compact-sm"
              miw={32}
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={item === page ? undefined : go(item)}
              disabled={disabled && item !== page}
            >
              {item}
            </Button>
          ) : (
            <Text key={item} size="sm" c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ),
        )}
        <Button
          variant="default"
          size="compact-sm"
          onClick={go(page + 1)}
          disabled={disabled || page >= pages}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
