/** The Chromium the browser tests run in (scripts/find-chromium.mjs), or undefined. */
export function findChromium(): Promise<string | undefined>;
