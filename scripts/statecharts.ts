/**
 * Writes docs/statecharts/<name>.md for every src/machines/<name>.machine.ts: a Mermaid
 * diagram and tables generated from the machine's definition (ARCHITECTURE.md, STYLE.md §14).
 *
 *   npm run statecharts              write the pages
 *   npm run statecharts -- --check   exit 1 listing the pages that are stale
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATECHARTS_DIR, checkStatecharts, generateStatecharts } from './lib/statechart-files';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check');

const pages = await generateStatecharts(rootDir);
const { stale, orphans } = await checkStatecharts(rootDir, pages);

if (checkOnly) {
  if (stale.length === 0 && orphans.length === 0) {
    console.log(`Statecharts are up to date (${pages.length} machines).`);
  } else {
    for (const page of stale) console.error(`stale: ${page.docFile} (from ${page.machineFile})`);
    for (const docFile of orphans) console.error(`orphan: ${docFile} (its machine is gone)`);
    console.error('Run `npm run statecharts` and commit the result.');
    process.exitCode = 1;
  }
} else {
  await mkdir(path.join(rootDir, STATECHARTS_DIR), { recursive: true });
  for (const page of stale) {
    await writeFile(path.join(rootDir, page.docFile), page.content);
    console.log(`wrote ${page.docFile}`);
  }
  for (const docFile of orphans) {
    await rm(path.join(rootDir, docFile));
    console.log(`removed ${docFile}`);
  }
  console.log(`${pages.length} statecharts, ${stale.length} updated, ${orphans.length} removed.`);
}
