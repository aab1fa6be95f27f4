import { test as base, expect } from '@playwright/test';

/**
 * Pages of these tests have already seen the first-login overlay, so it does not cover
 * what a test clicks. The overlay's own test (shell.spec.ts) uses the plain `test`.
 *
 * Every page also reports what the Content-Security-Policy refused (an inline script, an
 * `eval`, a foreign host): a test with any such violation fails, so a library that needs
 * more than the policy allows is caught where it is added.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
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
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
