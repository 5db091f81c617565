import { Button } from '@mantine/core';
import { ListCard, type ListCardProps } from '../list-card';
import type { EmptyStateProps } from '../empty-state';
import { activeFilterCount } from './list-filters';
import { ListToolbar, type ListToolbarProps } from './list-toolbar';
import type { useListFilters } from './use-list-filters';

type Toolbar = Omit<ListToolbarProps, 'noun' | 'filters' | 'onApply' | 'onClear'>;

interface FilteredListCardProps<T> extends Omit<
  ListCardProps<T>,
  'toolbar' | 'errorMessage' | 'empty' | 'onPageChange'
> {
  /** The list's page and filters in the URL. */
  list: Pick<ReturnType<typeof useListFilters>, 'filters' | 'apply' | 'clear' | 'setPage'>;
  /** What the search box and the filters offer: the member picker, the plans, the choice. */
  toolbar: Toolbar;
  /** The screen's messages: the list failed to load, nothing matches, nothing at all. */
  texts: { listFailed: string; noMatch: string; none: string };
  /** The list with no rows and no filter set: its icon, a hint and the way forward. */
  empty: Omit<EmptyStateProps, 'title'>;
}

/**
 * The card of a list filtered by member, plan, a choice and dates (payments, subscriptions):
 * the search box and the filters (kept in the URL), then the rows; with no rows, Clear Filters
 * when a filter is set.
 */
export function FilteredListCard<T>(props: FilteredListCardProps<T>) {
  const { list, toolbar, texts, empty, ...card } = props;
  const filtered = activeFilterCount(list.filters) > 0;
  return (
    <ListCard
      {...card}
      toolbar={
        <ListToolbar
          {...toolbar}
          noun={card.noun}
          filters={list.filters}
          onApply={list.apply}
          onClear={list.clear}
        />
      }
      errorMessage={texts.listFailed}
      empty={
        filtered
          ? {
              icon: empty.icon,
              title: texts.noMatch,
              action: (
                <Button variant="default" onClick={list.clear}>
                  Clear Filters
                </Button>
              ),
            }
          : { ...empty, title: texts.none }
      }
      onPageChange={list.setPage}
    />
  );
}
