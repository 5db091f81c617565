import { vi } from 'vitest';
import { CARDS_QUERY } from '@/components/data-table';

/**
 * Tests only: the screen is as narrow as a phone (375 px), so lists and tables show cards.
 * Undone after each test (vi.restoreAllMocks in the setup).
 */
export const phoneScreen = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === CARDS_QUERY,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
