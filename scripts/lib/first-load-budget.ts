/**
 * What a page downloads before it can draw, computed from Vite's build manifest
 * (dist/.vite/manifest.json): the entry chunk and everything it imports statically, then
 * the route's lazy modules (layout, screen) and their static imports. Vite preloads a
 * lazy chunk's static imports together with it, so the page waits for all of them.
 */

/** One entry of Vite's manifest (the fields this computation reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  /** A shared chunk's name: the module it is named after, without folder and extension. */
  name?: string;
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A page and the lazy modules (manifest keys, i.e. source paths) it awaits before drawing. */
export interface RouteBudget {
  route: string;
  /** Lazy modules in the order the router loads them (layout first, then the screen). */
  modules: string[];
  /** The most JavaScript the page may load before drawing, in KB (1024 bytes) of gzip, as the issue and DevTools count. */
  budgetKb: number;
  /**
   * Where the page must get to (issue 9), when the enforced budget is still above it: the
   * report shows the gap, the budget keeps the page from growing meanwhile.
   */
  targetKb?: number;
}

export interface RouteReport {
  route: string;
  files: { file: string; bytes: number }[];
  totalBytes: number;
  budgetKb: number;
  targetKb?: number;
  overBudget: boolean;
  /** Within the budget but above the target. */
  overTarget: boolean;
}

/** The manifest key of the HTML entry, where every page starts. */
export const ENTRY_KEY = 'index.html';

/**
 * The manifest key of a module: its source path, or, for a module that shares a chunk
 * with static importers too (a lazily imported API module), the chunk named after it
 * (`_auth.api-<hash>.js` for src/api/auth.api.ts). Unknown modules stay as they are.
 */
function manifestKey(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const named = Object.keys(manifest).filter(
    (key) => key.startsWith('_') && manifest[key]?.name === name,
  );
  return named.length === 1 && named[0] ? named[0] : module;
}

/**
 * The JavaScript files loaded before the page draws, each once, in load order: the entry
 * and its static imports, then each module of `modules` and its static imports.
 */
export function firstLoadFiles(manifest: Manifest, modules: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (wanted: string, from: string) => {
    const key = manifestKey(manifest, wanted);
    if (seen.has(key)) return;
    const chunk = manifest[key];
    // A renamed screen must fail loudly, not shrink the figure to the entry alone.
    if (!chunk) throw new Error(`${wanted} (from ${from}) is not in the build manifest`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const key of [ENTRY_KEY, ...modules]) visit(key, 'the route table');
  return files;
}

/** Sizes every route's first load with `sizeOf` (gzip bytes of a dist/ file). */
export function measureRoutes(
  manifest: Manifest,
  routes: RouteBudget[],
  sizeOf: (file: string) => number,
): RouteReport[] {
  return routes.map(({ route, modules, budgetKb, targetKb }) => {
    const files = firstLoadFiles(manifest, modules).map((file) => ({ file, bytes: sizeOf(file) }));
    const totalBytes = files.reduce((sum, { bytes }) => sum + bytes, 0);
    const overBudget = totalBytes > budgetKb * 1024;
    const overTarget = !overBudget && targetKb !== undefined && totalBytes > targetKb * 1024;
    return { route, files, totalBytes, budgetKb, targetKb, overBudget, overTarget };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The printed table: one line per route, then the chunks of each, largest first. */
export function formatReport(reports: RouteReport[]): string {
  const lines = ['First load (JavaScript, KB gzip, before the page draws):', ''];
  for (const report of reports) {
    const verdict = report.overBudget
      ? 'OVER BUDGET'
      : report.overTarget
        ? `ok, but over the target of ${report.targetKb} KB`
        : 'ok';
    lines.push(
      `  ${report.route.padEnd(18)} ${kb(report.totalBytes).padStart(7)} / ${report.budgetKb} KB  ${verdict}`,
    );
  }
  for (const report of reports) {
    lines.push('', `  ${report.route} (${report.files.length} chunks):`);
    const largestFirst = [...report.files].sort((a, b) => b.bytes - a.bytes);
    for (const { file, bytes } of largestFirst) lines.push(`    ${kb(bytes).padStart(7)}  ${file}`);
  }
  return lines.join('\n');
}
