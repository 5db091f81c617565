import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import matter from 'gray-matter';
import type { PublishArticleInput } from '@kora/shared';
import type { Db } from '../../db/client';
import {
  countArticles,
  publishArticles,
  validateArticle,
  type ArticleIssue,
  type PublishResult,
} from './blog.service';

/*
 * Articles from Markdown files: front matter (title, slug, excerpt, thumbnail) and the body.
 * `kora publish` and the development server's demo articles both come through here.
 */

/** Front matter must be YAML: gray-matter's `---js` would run the file as JavaScript. */
const notYaml = () => {
  throw new Error('front matter must be YAML (between two --- lines)');
};
const MATTER_OPTIONS = { engines: { javascript: notYaml, js: notYaml } } as never;

/** The largest file read (the content's limit, with room for front matter). */
const MAX_FILE_BYTES = 1024 * 1024;

/** One or more files could not be published: what is wrong with each (nothing was written). */
export class PublishError extends Error {
  constructor(public readonly problems: { file: string; issues: ArticleIssue[] }[]) {
    super(
      problems
        .flatMap(({ file, issues }) => issues.map((i) => `${file}: ${i.field}: ${i.message}`))
        .join('\n'),
    );
    this.name = 'PublishError';
  }
}

/** The slug a file name gives: `Keep Members_2026.md` → `keep-members-2026`. */
export const slugFromFileName = (file: string): string =>
  basename(file, extname(file))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A YAML scalar the author surely meant as text (`title: 2026`) is read as text. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

/** Reads and checks one Markdown file: its input, or what is wrong with it. */
export const readArticleFile = (
  file: string,
):
  | { input: PublishArticleInput; issues?: undefined }
  | { input?: undefined; issues: ArticleIssue[] } => {
  let source: string;
  try {
    if (statSync(file).size > MAX_FILE_BYTES)
      return { issues: [{ field: 'file', message: 'File is larger than 1 MB' }] };
    source = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT' ? 'File not found' : `File cannot be read (${code ?? 'error'})`;
    return { issues: [{ field: 'file', message }] };
  }
  let parsed: { data: unknown; content: string };
  try {
    parsed = matter(source.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n'), MATTER_OPTIONS);
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    return { issues: [{ field: 'front matter', message: `Front matter is not valid: ${reason}` }] };
  }
  const data = parsed.data;
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return {
      issues: [{ field: 'front matter', message: 'Front matter must list fields (title: …)' }],
    };
  const fields = data as Record<string, unknown>;
  return validateArticle({
    title: asText(fields.title),
    slug: asText(fields.slug) ?? slugFromFileName(file),
    excerpt: asText(fields.excerpt),
    thumbnail: asText(fields.thumbnail),
    content: parsed.content,
  });
};

/**
 * Publishes Markdown files: every file is read and checked first, and when any is wrong a
 * PublishError lists every problem and nothing is written; otherwise all are published in one
 * transaction. Two files with one slug are refused too.
 */
export const publishFiles = async (db: Db, files: string[]): Promise<PublishResult[]> => {
  const problems: { file: string; issues: ArticleIssue[] }[] = [];
  const inputs: PublishArticleInput[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const read = readArticleFile(file);
    if (read.issues) {
      problems.push({ file, issues: read.issues });
      continue;
    }
    const earlier = seen.get(read.input.slug);
    if (earlier) {
      problems.push({
        file,
        issues: [
          { field: 'slug', message: `Slug ${read.input.slug} is also the slug of ${earlier}` },
        ],
      });
      continue;
    }
    seen.set(read.input.slug, file);
    inputs.push(read.input);
  }
  if (problems.length) throw new PublishError(problems);
  return publishArticles(db, inputs);
};

/** The Markdown files of a folder, by name. */
export const markdownFilesIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));

/**
 * Where the demo articles are, seen from the folder of the running entry point (`src/` when
 * run from source, `dist/` when built): `dist/content/blog` (copied by build.mjs), else the
 * repository's `content/blog`.
 */
export const demoArticlesDir = (entryDir: string): string | undefined =>
  [join(entryDir, 'content/blog'), resolve(entryDir, '../../../content/blog')].find((dir) =>
    existsSync(dir),
  );

/**
 * The demo articles, published when the blog has none yet (development only: the caller
 * decides). Answers how many were published.
 */
export const publishDemoArticles = async (db: Db, dir: string | undefined): Promise<number> => {
  if (!dir || (await countArticles(db)) > 0) return 0;
  const files = markdownFilesIn(dir);
  return files.length ? (await publishFiles(db, files)).length : 0;
};
