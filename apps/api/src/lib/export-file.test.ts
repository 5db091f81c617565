import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvLine,
  dayText,
  keysetBatches,
  localPhone,
  neutralise,
  writeCsv,
  writeXlsx,
  type ExportCursor,
  type ExportSpec,
} from './export-file';

interface Row {
  id: number;
  at: string;
  name: string;
}

/** `n` rows, newest first, and a reader over them that records each call. */
const source = (n: number) => {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({
    id: n - i,
    at: `2026-11-25 10:00:${String(59 - (i % 60)).padStart(2, '0')}+00`,
    name: `Member ${n - i}`,
  }));
  const calls: { after: ExportCursor | undefined; limit: number }[] = [];
  const read = async (after: ExportCursor | undefined, limit: number) => {
    calls.push({ after, limit });
    const start = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
    return rows.slice(start, start + limit);
  };
  const spec: ExportSpec<Row> = {
    name: 'rows',
    sheet: 'Rows',
    columns: [
      { header: 'Name', kind: 'text', value: (r) => r.name },
      { header: 'Amount', kind: 'naira', value: (r) => r.id * 100 },
    ],
    read,
    cursorOf: (r) => ({ at: r.at, id: r.id }),
    batchSize: 1000,
  };
  return { rows, calls, spec };
};

describe('keyset batches', () => {
  it('reads 2,500 rows in three batches of at most 1,000, each after the last row of the one before', async () => {
    const { calls, spec } = source(2500);
    const sizes: number[] = [];
    for await (const batch of keysetBatches(spec.read, spec.cursorOf, 1000))
      sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(calls.map((c) => c.limit)).toEqual([1000, 1000, 1000]);
    expect(calls.map((c) => c.after?.id)).toEqual([undefined, 1501, 501]);
  });

  it('asks once more after an exactly full last batch, and yields no empty batch', async () => {
    const { calls, spec } = source(2000);
    const sizes: number[] = [];
    for await (const batch of keysetBatches(spec.read, spec.cursorOf, 1000))
      sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000]);
    expect(calls).toHaveLength(3);
  });
});

describe('the CSV writer', () => {
  it('writes each batch to the stream as it is read (several writes, not one)', async () => {
    const { calls, spec } = source(2500);
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    await writeCsv(out, spec);
    // The header, then one write per batch.
    expect(chunks).toHaveLength(4);
    expect(calls).toHaveLength(3);
    const text = chunks.join('');
    expect(text.startsWith('\uFEFFName,Amount (₦)\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(2500 + 2);
    expect(chunks[1]!.split('\r\n')[0]).toBe('Member 2500,2500.00');
  });

  it('waits for the client when its buffer is full, and stops reading once it is gone', async () => {
    const { calls, spec } = source(10_000);
    // A client that reads nothing: the second batch waits for room that never comes.
    const out = new PassThrough({ highWaterMark: 1024 });
    const writing = writeCsv(out, { ...spec, batchSize: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).toBeLessThanOrEqual(2);
    out.destroy();
    await writing;
    expect(calls.length).toBeLessThanOrEqual(2);
  });
});

describe('the .xlsx writer', () => {
  it('stops reading, without an error, when the client goes away mid-file', async () => {
    const { calls, spec } = source(20_000);
    const out = new PassThrough({ highWaterMark: 1024 });
    const writing = writeXlsx(out, { ...spec, batchSize: 500 });
    // The client reads a little, then leaves.
    await new Promise<void>((resolve) => out.once('data', () => resolve()));
    out.pause();
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    await writing;
    const read = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.length).toBe(read);
    expect(read).toBeLessThan(40);
  });
});

describe('cells', () => {
  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('neutralises what a spreadsheet would take for a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralise(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutralise('Adébáyọ̀')).toBe('Adébáyọ̀');
    expect(
      csvLine([{ header: 'x', kind: 'text', value: (r: string) => r }], '=HYPERLINK("x")'),
    ).toBe('"\'=HYPERLINK(""x"")"\r\n');
  });

  it('writes days en-NG and phones in their local form', () => {
    expect(dayText('2026-11-05')).toBe('05/11/2026');
    expect(localPhone('+2348031234567')).toBe('08031234567');
  });
});
