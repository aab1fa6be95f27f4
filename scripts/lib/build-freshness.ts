import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the web app's build is made from: a change to any of these makes dist/ stale. The
 * server's own files are not among them (tsx runs them as they are).
 */
export const BUILD_INPUTS = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/lib/mui-without-css-vars.ts',
  'package.json',
  'package-lock.json',
] as const;

/** What the build writes last-ish and the server needs: its absence means "never built". */
export const BUILD_OUTPUT = 'dist/index.html';

/** The newest modification time (ms) under `target` (a file or a directory), 0 if missing. */
function newestMtime(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file changes its directory's time
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Whether `output` (under `rootDir`) exists and is at least as new as every file of
 * `inputs`: then `npm start` serves the build it has instead of building again.
 */
export function isBuildCurrent(
  rootDir: string,
  inputs: readonly string[] = BUILD_INPUTS,
  output: string = BUILD_OUTPUT,
): boolean {
  const builtAt = newestMtime(path.join(rootDir, output));
  if (builtAt === 0) return false;
  return inputs.every((input) => newestMtime(path.join(rootDir, input)) <= builtAt);
}
