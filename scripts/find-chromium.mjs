// Finds the Chromium the browser tests run in: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// else the browser Playwright installed itself (`npx playwright install chromium` on a machine
// with internet access). Returns undefined when there is none.
import { existsSync } from 'node:fs';

export async function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { chromium } = await import('@playwright/test');
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : undefined;
}
