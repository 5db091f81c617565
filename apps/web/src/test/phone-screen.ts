import { vi } from 'vitest';
import { CARDS_QUERY } from '@/components/data-table';
import { fakeMediaQueryList } from './media-query';

/**
 * Tests only: the screen is as narrow as a phone (375 px), so lists and tables show cards.
 * Undone after each test (vi.restoreAllMocks in the setup).
 */
export const phoneScreen = () =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => fakeMediaQueryList(query, query === CARDS_QUERY));
