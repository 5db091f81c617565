import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { PaginationFooter, pageItems, showingText } from './pagination-footer';

const numbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));

const renderFooter = (page: number, pages: number, total: number) => {
  const onChange = vi.fn();
  const { user } = renderPage(
    <PaginationFooter
      page={page}
      pages={pages}
      perPage={10}
      total={total}
      noun="members"
      onChange={onChange}
    />,
  );
  return { onChange, user };
};

describe('pageItems', () => {
  it('shows the first, the last, the current page and its neighbours, with ellipses', () => {
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([1]);
  });
});

describe('showingText', () => {
  it('shows a capped search count as a floor', () => {
    expect(showingText(2, 10, 1000, 'members', true)).toBe('Showing 11 to 20 of 1,000+ members');
  });

  it('says which rows are shown', () => {
    expect(showingText(1, 10, 42, 'members')).toBe('Showing 1 to 10 of 42 members');
    expect(showingText(5, 10, 42, 'members')).toBe('Showing 41 to 42 of 42 members');
    expect(showingText(1, 20, 0, 'payments')).toBe('Showing 0 to 0 of 0 payments');
  });

  it('a total of one is singular', () => {
    expect(showingText(1, 10, 1, 'members')).toBe('Showing 1 to 1 of 1 member');
    expect(showingText(1, 20, 1, 'payments')).toBe('Showing 1 to 1 of 1 payment');
    expect(showingText(1, 20, 1, 'subscriptions')).toBe('Showing 1 to 1 of 1 subscription');
    expect(showingText(1, 20, 2, 'subscriptions')).toBe('Showing 1 to 2 of 2 subscriptions');
  });
});

describe('PaginationFooter', () => {
  it('renders the page numbers, marks the current one and moves between pages', async () => {
    const { onChange, user } = renderFooter(5, 10, 95);
    expect(screen.getByText('Showing 41 to 50 of 95 members')).toBeInTheDocument();
    expect(numbers()).toEqual([1, 4, 5, 6, 10]);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange.mock.calls).toEqual([[6], [4], [10]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderFooter(1, 1, 3);
    expect(screen.getByText('Showing 1 to 3 of 3 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByText('…')).not.toBeInTheDocument();
  });
});
