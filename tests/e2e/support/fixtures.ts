import { test as base } from '@playwright/test';

/**
 * Pages of these tests have already seen the first-login overlay, so it does not cover
 * what a test clicks. The overlay's own test (shell.spec.ts) uses the plain `test`.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(() => localStorage.setItem('hasSeenOverlay', 'true'));
    await use(context);
  },
});

export { expect } from '@playwright/test';
