import { test as playwrightTest, expect } from '@playwright/test';
import { e2eServer } from './servers';

interface Options {
  /**
   * Fail the test when the app made an API call that the server refused with 403 (issue
   * #33 item 2: screens never call what the role may not). Off by default: tests that
   * check a refusal on purpose call what they are refused.
   */
  failOnRefusedCalls: boolean;
}

/**
 * Playwright's `test` with each worker's pages and requests pointed at its own server
 * (support/servers.ts). Every spec uses it, or `test` below, built on it.
 */
export const serverTest = playwrightTest.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).url),
});

/**
 * Pages of these tests have already seen the first-login overlay, so it does not cover
 * what a test clicks. The overlay's own test (shell.spec.ts) uses the plain `test`.
 *
 * Every page also reports what the Content-Security-Policy refused (an inline script, an
 * `eval`, a foreign host): a test with any such violation fails, so a library that needs
 * more than the policy allows is caught where it is added. With `failOnRefusedCalls`, an
 * API call the page made and the server answered 403 fails the test the same way.
 */
export const test = serverTest.extend<Options>({
  failOnRefusedCalls: [false, { option: true }],
  context: async ({ context, failOnRefusedCalls }, use) => {
    await context.addInitScript(() => localStorage.setItem('hasSeenOverlay', 'true'));
    const violations: string[] = [];
    await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
      violations.push(violation);
    });
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void })
          .reportCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
      }),
    );
    const refused: string[] = [];
    context.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.status() !== 403 || !pathname.startsWith('/api/')) return;
      // Which page made the call: the refusal is the screen's fault, not the API's.
      let from = 'a worker';
      try {
        from = new URL(response.frame().url()).pathname;
      } catch {
        // A service worker's call has no frame.
      }
      refused.push(`${response.request().method()} ${pathname} (from ${from})`);
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    if (failOnRefusedCalls) expect(refused, 'API calls answered 403').toEqual([]);
  },
});

export { expect };
