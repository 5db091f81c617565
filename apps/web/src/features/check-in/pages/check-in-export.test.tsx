/* The Export menu of today's visits: the day and how they were found, as the list shows them. */
import { lagosDay } from '@kora/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exportAs, exportFile, savedExportFiles } from '@/test/export-tests';
import { mockFetch, pageOf } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { TodayVisits } from '../components/today-visits';

const saved = savedExportFiles();

describe("today's visits Export menu", () => {
  it("exports today's visits found the chosen way, as Excel", async () => {
    const api = mockFetch({
      'GET /v1/check-in': () => pageOf([]),
      'GET /v1/check-in/export': () => exportFile('Date\r\n', 'visits.xlsx'),
    });
    const { user } = renderPage(<TodayVisits />, { path: '/check-in' });
    await user.click(screen.getByRole('textbox', { name: 'Found by' }));
    await user.click(await screen.findByRole('option', { name: 'Kiosk' }));
    await exportAs(user, /Excel/);
    await waitFor(() => expect(saved).toHaveLength(1));
    const [sent] = api.sent('GET /v1/check-in/export');
    const today = lagosDay();
    expect(Object.fromEntries(sent!.query)).toEqual({
      date_from: today,
      date_to: today,
      found_by: 'kiosk',
      format: 'xlsx',
    });
    expect(saved[0]).toEqual({ href: 'blob:export', download: 'visits.xlsx' });
  });
});
