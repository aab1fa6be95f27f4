// `npm run lighthouse` (issue #18, performance budgets): Lighthouse 12's mobile preset
// (simulated slow 4G, 4× CPU slowdown) on /login and, signed in as the demo owner, on
// /home/dashboard, against the built app (`npm run build` first) on a fresh embedded
// database with the demo data, in Debian's Chromium. Prints each page's scores and exits 1
// when performance < 90 or accessibility < 95. Timing depends on the machine, so it is not
// part of `npm test`; its figures are recorded in bench/README.md. `LIGHTHOUSE_PORT` moves
// the server (default 3210; the browser's debugging port is the next one), and
// `LIGHTHOUSE_REPORT_DIR` keeps each page's report and trace, to see where the time goes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { findChromium } from './find-chromium.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3210);
const DEBUGGING_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FLOORS = { performance: 90, accessibility: 95 };
const OWNER = 'propietario@demo.club';
/** `LIGHTHOUSE_REPORT_DIR=.tmp/lh` also writes each page's report (JSON) and trace there. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

/** Starts the built app on PORT with its own data dir; resolves when /api/health answers. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  // The server itself, not a wrapper (npx), so that killing it ends it.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const ok = await fetch(`${ORIGIN}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not answer /api/health within two minutes');
}

/** Lighthouse's mobile run of `url` in the browser on DEBUGGING_PORT, keeping its storage. */
async function audit(url: string) {
  const result = await lighthouse(
    url,
    {
      port: DEBUGGING_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The signed-in page needs the token the sign-in left in localStorage.
      disableStorageReset: true,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replaceAll('/', '_').replace(/^_/, '');
    writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
    // The page load's trace, to open in Chromium's Performance panel.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(path.join(REPORT_DIR, `${name}.trace.json`), JSON.stringify(trace));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  return {
    page: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    'TBT ms': ms('total-blocking-time'),
    'final URL': new URL(result.lhr.finalDisplayedUrl).pathname,
  };
}

const executablePath = await findChromium();
if (!executablePath) throw new Error('No Chromium: install Debian\'s "chromium" package.');
if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build`.');

const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-lighthouse-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'gd-lighthouse-profile-'));
const server = await startServer(dataDir);
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath,
  headless: true,
  args: [`--remote-debugging-port=${DEBUGGING_PORT}`, '--no-sandbox'],
});
try {
  const rows = [await audit(`${ORIGIN}/login`)];
  // Signs in once in the same browser profile: Lighthouse's tab then finds the token.
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Correo electrónico').fill(OWNER);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/home/**');
  await page.goto('about:blank');
  rows.push(await audit(`${ORIGIN}/home/dashboard`));
  console.table(rows);
  const below = rows.filter(
    (row) =>
      row.performance < FLOORS.performance ||
      row.accessibility < FLOORS.accessibility ||
      row['final URL'] !== row.page,
  );
  for (const row of below) {
    console.error(
      `✖ ${row.page}: performance ${row.performance} (≥ ${FLOORS.performance}), ` +
        `accessibility ${row.accessibility} (≥ ${FLOORS.accessibility}), ended at ${row['final URL']}`,
    );
  }
  process.exitCode = below.length > 0 ? 1 : 0;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(profileDir, { recursive: true, force: true });
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
}
