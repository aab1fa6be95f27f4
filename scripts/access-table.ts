/**
 * Writes the role × operation table (contract/access-table.rows.ts) into
 * docs/access-control.md, between its markers (issue #33 item 2).
 *
 *   npm run access-table              write the section
 *   npm run access-table -- --check   exit 1 when the committed page is stale
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_DOC, withAccessTable } from './lib/access-table-markdown';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(rootDir, ACCESS_DOC);
const doc = await readFile(file, 'utf8');
const next = withAccessTable(doc);

if (process.argv.includes('--check')) {
  if (next === doc) console.log(`${ACCESS_DOC}: the access table is up to date.`);
  else {
    console.error(`${ACCESS_DOC} is stale: run \`npm run access-table\` and commit the result.`);
    process.exitCode = 1;
  }
} else if (next !== doc) {
  await writeFile(file, next);
  console.log(`wrote ${ACCESS_DOC}`);
} else console.log(`${ACCESS_DOC} was up to date.`);
