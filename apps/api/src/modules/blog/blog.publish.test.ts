import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogArticles } from '../../db/schema';
import { useTestApp } from '../../test/hooks';
import {
  PublishError,
  demoArticlesDir,
  markdownFilesIn,
  publishDemoArticles,
  publishFiles,
  readArticleFile,
  slugFromFileName,
} from './blog.publish';
import { THUMBNAIL_NOT_SAFE } from './blog.service';

const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'kora-articles-'));

/** Writes a Markdown file with this front matter (YAML lines) and body. */
const write = (name: string, frontMatter: string[], body = 'The article.\nSecond line.') => {
  const file = join(dir, name);
  writeFileSync(file, ['---', ...frontMatter, '---', '', body].join('\n'));
  return file;
};

const rowOf = async (slug: string) =>
  (await t.db.select().from(blogArticles).where(eq(blogArticles.slug, slug)))[0];
const countRows = async () =>
  (await t.db.select({ id: blogArticles.id }).from(blogArticles)).length;

const problemsOf = async (files: string[]): Promise<string[]> => {
  const err = await publishFiles(t.db, files).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PublishError);
  return (err as PublishError).message.split('\n');
};

describe('publishing Markdown files', () => {
  it('creates an article, its slug from the file name, its HTML rendered', async () => {
    const file = write('Pay-By Transfer.md', [
      'title: Pay by transfer',
      'excerpt: How to take transfers safely.',
    ]);
    const [result] = await publishFiles(t.db, [file]);
    expect(result!.created).toBe(true);
    expect(result!.article).toMatchObject({
      slug: 'pay-by-transfer',
      title: 'Pay by transfer',
      excerpt: 'How to take transfers safely.',
      thumbnail: null,
      content: 'The article.\nSecond line.',
      content_html: '<p>The article.<br />Second line.</p>',
    });
  });

  it('updates the article of the same slug: created_at kept, updated_at moved', async () => {
    const front = ['title: Pricing', 'slug: pricing-plans', 'excerpt: Prices in naira, simply.'];
    const [created] = await publishFiles(t.db, [write('pricing.md', front, 'Old text.')]);
    const before = (await rowOf('pricing-plans'))!;
    const [updated] = await publishFiles(t.db, [
      write('pricing.md', [...front.slice(0, 2), 'excerpt: Prices in naira, revised.'], 'New.'),
    ]);
    expect(updated!.created).toBe(false);
    expect(updated!.article.id).toBe(created!.article.id);
    const after = (await rowOf('pricing-plans'))!;
    expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(after).toMatchObject({
      excerpt: 'Prices in naira, revised.',
      content: 'New.',
      contentHtml: '<p>New.</p>',
    });
  });

  it('refuses bad front matter with the file, the field and the message, and writes nothing', async () => {
    const before = await countRows();
    const good = write('good-one.md', ['title: A good one', 'excerpt: Nothing wrong here.']);
    const bad = write('bad-one.md', [
      'title: A',
      'slug: Not A Slug!',
      'excerpt: short',
      'thumbnail: "javascript:alert(1)"',
    ]);
    const problems = await problemsOf([good, bad]);
    expect(problems).toEqual([
      `${bad}: title: Title must be at least 2 characters`,
      `${bad}: slug: Slug must be lower-case letters, digits and hyphens (e.g. keep-members-longer)`,
      `${bad}: excerpt: Excerpt must be at least 10 characters`,
    ]);
    // The good file was not published either.
    expect(await countRows()).toBe(before);
    expect(await rowOf('good-one')).toBeUndefined();
  });

  it.each([
    [['excerpt: Missing its title.'], 'title: Title must be at least 2 characters'],
    [['title: No excerpt'], 'excerpt: Excerpt must be at least 10 characters'],
    [
      ['title: Bad picture', 'excerpt: A fine excerpt.', 'thumbnail: "//evil.example/x.png"'],
      `thumbnail: ${THUMBNAIL_NOT_SAFE}`,
    ],
    [
      ['title: Bad picture', 'excerpt: A fine excerpt.', 'thumbnail: http://plain.example/x.png'],
      `thumbnail: ${THUMBNAIL_NOT_SAFE}`,
    ],
    [['title: [not, text]', 'excerpt: A fine excerpt.'], 'title: Title must be text'],
    [['title: "Two\\nlines"', 'excerpt: A fine excerpt.'], 'title: Title must be on one line'],
    [
      ['title: "Has\\u0000NUL"', 'excerpt: A fine excerpt.'],
      "title: Title contains characters that can't be used",
    ],
    [['title: x: y: z'], 'front matter: Front matter is not valid'],
  ])('refuses front matter %j', async (front, message) => {
    const file = write('one-bad.md', front);
    const [problem] = await problemsOf([file]);
    expect(problem).toContain(`${file}: ${message}`);
  });

  it('refuses an empty body, a missing file and two files with one slug', async () => {
    const empty = write('empty-body.md', ['title: Nothing inside', 'excerpt: A fine excerpt.'], '');
    expect(await problemsOf([empty])).toEqual([
      `${empty}: content: Content is required (the article below the front matter)`,
    ]);
    const missing = join(dir, 'not-there.md');
    expect(await problemsOf([missing])).toEqual([`${missing}: file: File not found`]);
    const a = write('same-a.md', ['title: Same A', 'slug: same', 'excerpt: A fine excerpt.']);
    const b = write('same-b.md', ['title: Same B', 'slug: same', 'excerpt: A fine excerpt.']);
    expect(await problemsOf([a, b])).toEqual([`${b}: slug: Slug same is also the slug of ${a}`]);
    expect(await rowOf('same')).toBeUndefined();
  });

  it('never runs JavaScript front matter', async () => {
    const file = join(dir, 'script.md');
    writeFileSync(
      file,
      '---js\n{ title: (globalThis.ranFrontMatter = true, "Ran"), excerpt: "It ran, sadly." }\n---\nBody',
    );
    const [problem] = await problemsOf([file]);
    expect(problem).toContain('front matter: Front matter is not valid: front matter must be YAML');
    expect((globalThis as { ranFrontMatter?: boolean }).ranFrontMatter).toBeUndefined();
  });

  it('reads numbers as text, Windows line ends and a byte-order mark', async () => {
    const file = join(dir, 'numbers.md');
    writeFileSync(
      file,
      '\ufeff---\r\ntitle: 2026\r\nexcerpt: A year of small wins.\r\n---\r\nA\r\nB',
    );
    expect(readArticleFile(file)).toEqual({
      input: {
        title: '2026',
        slug: 'numbers',
        excerpt: 'A year of small wins.',
        thumbnail: undefined,
        content: 'A\nB',
      },
    });
  });

  it('makes slugs from file names', () => {
    expect(slugFromFileName('/x/Keep Members_After January.md')).toBe('keep-members-after-january');
    expect(slugFromFileName('Adébáyọ̀ & Co.md')).toBe('adebayo-co');
  });
});

describe('the demo articles', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const repoContent = resolve(here, '../../../../../content/blog');

  it('are found from the entry point, built or not', () => {
    expect(demoArticlesDir(resolve(here, '../..'))).toBe(repoContent);
    expect(demoArticlesDir(dir)).toBeUndefined();
  });

  it('are all valid, with the agreed slugs and thumbnails', () => {
    const files = markdownFilesIn(repoContent);
    const slugs = files.map((file) => {
      const read = readArticleFile(file);
      expect(read.issues, file).toBeUndefined();
      expect(read.input!.thumbnail).toBe(`/images/blog/${read.input!.slug}.svg`);
      const words = read.input!.content.split(/\s+/).length;
      expect(words, file).toBeGreaterThan(300);
      expect(words, file).toBeLessThan(650);
      return read.input!.slug;
    });
    expect(slugs.sort()).toEqual([
      'collect-payments-by-transfer',
      'keep-members-after-january',
      'price-your-plans-in-naira',
      'shorter-front-desk-queue',
    ]);
  });

  it('are published when the blog is empty, and never again once it has an article', async () => {
    await t.db.delete(blogArticles);
    expect(await publishDemoArticles(t.db, repoContent)).toBe(4);
    expect(await countRows()).toBe(4);
    await t.db.delete(blogArticles).where(eq(blogArticles.slug, 'shorter-front-desk-queue'));
    expect(await publishDemoArticles(t.db, repoContent)).toBe(0);
    expect(await countRows()).toBe(3);
    expect(await publishDemoArticles(t.db, undefined)).toBe(0);
  });
});
