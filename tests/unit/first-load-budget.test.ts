import { describe, expect, it } from 'vitest';
import {
  type Manifest,
  firstLoadFiles,
  formatReport,
  measureRoutes,
} from '../../scripts/lib/first-load-budget';

// A small build: an entry with a vendor chunk, a login screen sharing a form chunk with
// register, a shell that imports the vendor chunk too, and a lazy grid nobody awaits.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/login.tsx', 'src/register.tsx', 'src/shell.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_vendor.js'] },
  'src/login.tsx': { file: 'assets/login.js', imports: ['_form.js', '_vendor.js'] },
  'src/register.tsx': { file: 'assets/register.js', imports: ['_form.js'] },
  'src/shell.tsx': {
    file: 'assets/shell.js',
    imports: ['_vendor.js'],
    dynamicImports: ['src/grid.tsx'],
  },
  'src/grid.tsx': { file: 'assets/grid.js' },
  'src/style.css': { file: 'assets/style.css' },
};

const KB = 1024;
const sizes: Record<string, number> = {
  'assets/index.js': 10 * KB,
  'assets/vendor.js': 100 * KB,
  'assets/form.js': 20 * KB,
  'assets/login.js': 1 * KB,
  'assets/shell.js': 15 * KB,
  'assets/grid.js': 300 * KB,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('firstLoadFiles', () => {
  it('counts the entry, the route modules and their static imports, each once, in load order', () => {
    expect(firstLoadFiles(manifest, ['src/login.tsx'])).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/login.js',
      'assets/form.js',
    ]);
  });

  it('leaves out lazy imports the page does not await', () => {
    const files = firstLoadFiles(manifest, ['src/shell.tsx']);
    expect(files).toEqual(['assets/index.js', 'assets/vendor.js', 'assets/shell.js']);
    expect(files).not.toContain('assets/grid.js');
    expect(files).not.toContain('assets/register.js');
  });

  it('finds a lazily imported module that shares a chunk with static importers by its name', () => {
    const shared: Manifest = {
      ...manifest,
      '_auth.api-Ab12.js': {
        file: 'assets/auth.api-Ab12.js',
        name: 'auth.api',
        imports: ['_form.js'],
      },
      '_http-Cd34.js': { file: 'assets/http-Cd34.js', name: 'http' },
    };
    expect(firstLoadFiles(shared, ['src/api/auth.api.ts'])).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/auth.api-Ab12.js',
      'assets/form.js',
    ]);
  });

  it('fails loudly when a route module is not in the build (a renamed screen)', () => {
    expect(() => firstLoadFiles(manifest, ['src/renamed.tsx'])).toThrow(
      'src/renamed.tsx (from the route table) is not in the build manifest',
    );
  });
});

describe('measureRoutes', () => {
  it('adds the gzip sizes of a route and passes it at or under its budget', () => {
    const [login] = measureRoutes(
      manifest,
      [{ route: '/login', modules: ['src/login.tsx'], budgetKb: 131 }],
      sizeOf,
    );
    expect(login?.totalBytes).toBe(131 * KB);
    expect(login?.overBudget).toBe(false);
  });

  it('fails a route one byte over its budget, and only that route', () => {
    const reports = measureRoutes(
      manifest,
      [
        { route: '/login', modules: ['src/login.tsx'], budgetKb: 130 },
        { route: '/home', modules: ['src/shell.tsx'], budgetKb: 200 },
      ],
      (file) => sizeOf(file) + (file === 'assets/login.js' ? 1 : 0),
    );
    expect(reports.map((report) => [report.route, report.overBudget])).toEqual([
      ['/login', true],
      ['/home', false],
    ]);
    expect(formatReport(reports)).toMatch(/\/login\s+131\.0 \/ 130 KB {2}OVER BUDGET/);
    expect(formatReport(reports)).toMatch(/\/home\s+125\.0 \/ 200 KB {2}ok/);
  });

  it('passes a route between its target and its budget, and says how far it is from the target', () => {
    const [login] = measureRoutes(
      manifest,
      [{ route: '/login', modules: ['src/login.tsx'], budgetKb: 140, targetKb: 120 }],
      sizeOf,
    );
    expect(login?.overBudget).toBe(false);
    expect(login?.overTarget).toBe(true);
    expect(formatReport([login!])).toMatch(/131\.0 \/ 140 KB {2}ok, but over the target of 120 KB/);
    const [reached] = measureRoutes(
      manifest,
      [{ route: '/login', modules: ['src/login.tsx'], budgetKb: 140, targetKb: 131 }],
      sizeOf,
    );
    expect(reached?.overTarget).toBe(false);
  });

  it('prints every chunk of each route, largest first', () => {
    const text = formatReport(
      measureRoutes(
        manifest,
        [{ route: '/login', modules: ['src/login.tsx'], budgetKb: 180 }],
        sizeOf,
      ),
    );
    const chunkLines = text.split('\n').filter((line) => line.includes('assets/'));
    expect(chunkLines.map((line) => line.trim())).toEqual([
      '100.0  assets/vendor.js',
      '20.0  assets/form.js',
      '10.0  assets/index.js',
      '1.0  assets/login.js',
    ]);
  });
});
