import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSheet } from './imports.sheet';

afterEach(() => vi.restoreAllMocks());

describe('readSheet: an .xlsx workbook', () => {
  it('reads every row when the disk is slow (the worksheet waits in a temporary file)', async () => {
    // Excel and exceljs store the worksheet before the shared strings and the workbook part, so
    // the reader keeps the worksheet in a temporary file until those are read. The unzipping
    // must not end while that file is being written, however long the disk takes.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Members');
    ws.addRow(['First Name', 'Last Name', 'Date of Birth']);
    ws.addRow(['Slow', 'Disk', new Date(Date.UTC(1990, 4, 17))]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(((...args: Parameters<typeof fs.open>) => {
      setTimeout(() => open(...args), 50);
    }) as typeof fs.open);

    const sheet = await readSheet(file, 'members.xlsx');
    expect(sheet.headers).toEqual(['First Name', 'Last Name', 'Date of Birth']);
    expect(sheet.rows).toEqual([{ n: 2, cells: ['Slow', 'Disk', '1990-05-17'] }]);
  });
});
