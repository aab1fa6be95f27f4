// Runs the Playwright suite against the built app on a fresh embedded database.
// Usage: node scripts/run-e2e.mjs [playwright args…]  (run `npm run build` first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(
    "No Chromium found for the browser tests. Set CHROMIUM_PATH, install Debian/Ubuntu's " +
      '"chromium" package, or run `npx playwright install chromium`.',
  );
  process.exit(1);
}
if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
