/**
 * `npm start`: builds the web app only when dist/ is missing or older than its sources
 * (scripts/lib/build-freshness.ts), quietly (Vite's warnings and errors only), then runs
 * the server in this process (server/main.ts). `npm run build` always builds.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildCurrent } from './lib/build-freshness';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!isBuildCurrent(rootDir)) {
  console.log('Construyendo la aplicación web (vite build)…');
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: rootDir,
    stdio: 'inherit',
    // Vite's notice about its future config loader says nothing to whoever starts the app.
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/main');
