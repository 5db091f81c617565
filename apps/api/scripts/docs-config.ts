// Writes README.md's configuration table from CONFIG_VARIABLES in src/config.ts
// (`npm run docs:config`); config.test.ts fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { README_PATH, withConfigTable } from '../src/config-docs';

writeFileSync(README_PATH, withConfigTable(readFileSync(README_PATH, 'utf8')));
console.log('README.md: configuration table written from apps/api/src/config.ts');
