/**
 * Prints how much JavaScript each key page loads before it can draw (KB of gzip, from the
 * built dist/) and exits 1 when a page is over its budget (issue 9, item 6).
 *
 *   npm run build && npm run first-load
 *   npm run first-load -- <dir>      another build's output directory instead of dist/
 *
 * The lazy modules of each page are listed below by source path, as the router loads
 * them (src/app/route-modules.ts); the route guard is part of the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  type Manifest,
  type RouteBudget,
  formatReport,
  measureRoutes,
} from './lib/first-load-budget';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(rootDir, process.argv[2] ?? 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');

/*
 * Issue 9's budgets: /login <= 180 KB, /home/dashboard <= 260 KB (issue #17's public site:
 * / <= 180 KB, /blog/:slug <= 215 KB). /login draws without zod, the API layer, the data
 * cache and the toasts (they load after it, or with the first call);
 * a signed-in owner's dashboard waits for the users calls (restoring the session), the data
 * cache, the shell and the owner's dashboard frame: title and skeletons; its content and
 * data arrive together after (owner-dashboard-content.tsx and the dashboards' contract
 * load alongside the query).
 */
const routes: RouteBudget[] = [
  {
    route: '/login',
    modules: ['src/screens/auth/login-screen.tsx'],
    budgetKb: 180,
  },
  // The public site (issue #17): a visitor's first page draws without MUI X or machines.
  {
    route: '/',
    modules: ['src/screens/public/landing-screen.tsx'],
    budgetKb: 180,
  },
  // A post reads the server through the data cache and checks the answer with its zod
  // contract (about 35 KB more than the landing page).
  {
    route: '/blog/:slug',
    modules: ['src/screens/public/blog-post-screen.tsx'],
    budgetKb: 215,
  },
  {
    route: '/home/dashboard',
    modules: [
      'src/api/users.api.ts',
      'src/app/data-cache-layout.tsx',
      'src/components/shell/app-shell.tsx',
      'src/screens/dashboards/dashboard-screen.tsx',
      'src/screens/dashboards/owner-dashboard.tsx',
    ],
    budgetKb: 260,
  },
];

if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
// Level 9, as the .gz files the build writes next to each asset.
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;

const reports = measureRoutes(manifest, routes, gzipBytes);
console.log(formatReport(reports));

const over = reports.filter((report) => report.overBudget);
if (over.length > 0) {
  console.error(`\nOver budget: ${over.map((report) => report.route).join(', ')}`);
  process.exit(1);
}
