import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';

interface PngOptions {
  width: number;
  height: number;
  channels: 3 | 4;
  background: string;
  /** SVG shapes drawn over the background, e.g. `<circle … fill="#fff"/>`. */
  shapes: string;
}

export interface TempFile {
  path: string;
  /** Deletes the file and its folder. */
  remove: () => void;
}

/** A PNG to upload, written in a fresh temporary folder; removed with remove(). */
const createPng = async (name: string, options: PngOptions): Promise<TempFile> => {
  const { width, height, channels, background, shapes } = options;
  const dir = mkdtempSync(join(tmpdir(), 'kora-e2e-files-'));
  const path = join(dir, name);
  await sharp({ create: { width, height, channels, background } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}">${shapes}</svg>`) }])
    .png()
    .toFile(path);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/** A PNG made before the file's tests and removed after them (see createPng). */
export const usePng = (name: string, options: PngOptions): TempFile => {
  const file = {} as TempFile;
  beforeAll(async () => {
    Object.assign(file, await createPng(name, options));
  });
  afterAll(() => file.remove?.());
  return file;
};
