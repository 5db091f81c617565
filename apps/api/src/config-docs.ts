import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from './config';

/** The README whose configuration table is written from CONFIG_VARIABLES. */
export const README_PATH = fileURLToPath(new URL('../../../README.md', import.meta.url));

const START =
  '<!-- The table below is written from apps/api/src/config.ts by `npm run docs:config`. -->';
const END = '<!-- End of the configuration table. -->';

type Entry = (typeof CONFIG_VARIABLES)[keyof typeof CONFIG_VARIABLES];

/** A variable's default as the table shows it: the schema's own value, else the words given. */
const shownDefault = (name: string, v: Entry): string => {
  const parsed = v.schema.safeParse(undefined);
  const own =
    parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : undefined;
  if (own && v.otherwise) throw new Error(`${name}: its schema has a default; drop "otherwise"`);
  const shown = own ?? v.otherwise;
  if (!shown) throw new Error(`${name}: no default in its schema; say what happens without it`);
  return shown;
};

/** The configuration table in Markdown, one row per variable, in CONFIG_VARIABLES' order. */
export const configTable = (): string =>
  [
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...Object.entries(CONFIG_VARIABLES).map(
      ([name, v]) => `| \`${name}\` | ${shownDefault(name, v)} | ${v.description} |`,
    ),
  ].join('\n');

/** Where the README's configuration table lies: between the two marker lines. */
const tableBounds = (readme: string) => {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the lines ${START} and ${END}`);
  return { from: start + START.length, to: end };
};

/** The configuration table the README holds now. */
export const readmeConfigTable = (readme: string): string => {
  const { from, to } = tableBounds(readme);
  return readme.slice(from, to).trim();
};

/** The README with its configuration table written afresh. */
export const withConfigTable = (readme: string): string => {
  const { from, to } = tableBounds(readme);
  return `${readme.slice(0, from)}\n\n${configTable()}\n\n${readme.slice(to)}`;
};
