import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/** The rules the app is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a test; minor and moderate findings are printed but let it pass. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** One line per rule and one per element, so a failure says what to fix and where. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ');
          return `    at ${node.target.join(' ')}: ${summary}`;
        })
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** The requests each page has in flight, counted from its first `openSettled`. */
const inFlight = new WeakMap<Page, Set<Request>>();

function countRequests(page: Page) {
  if (inFlight.has(page)) return;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** Quiet this long, nothing in flight: what a screen loads after an answer has started. */
const QUIET_MS = 150;

/**
 * Waits until the page has had no request in flight for QUIET_MS. Playwright's
 * `networkidle` waits for 500 ms of quiet, each time: on ~160 screen checks of the axe
 * walks that was over a minute of waiting on screens that had long finished loading.
 */
async function quiet(pending: Set<Request>) {
  const deadline = Date.now() + 15_000;
  let quietSince: number | undefined;
  for (;;) {
    const now = Date.now();
    if (pending.size > 0) quietSince = undefined;
    else quietSince ??= now;
    if (quietSince !== undefined && now - quietSince >= QUIET_MS) return;
    if (now > deadline) {
      const urls = [...pending].map((request) => request.url()).join(', ');
      throw new Error(`requests still in flight after 15 s: ${urls}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Opens `path` and waits until its title is drawn and nothing is loading any more. */
export async function openSettled(page: Page, path: string) {
  countRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page);
}

/** Waits until no request is in flight and no spinner nor skeleton is left. */
export async function settled(page: Page) {
  const pending = inFlight.get(page);
  // A page not opened by openSettled may have requests in flight nobody counted.
  if (pending) await quiet(pending);
  else await page.waitForLoadState('networkidle');
  // Spinners (no value); a determinate bar, such as a plan's usage, is content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation of the
 * WCAG 2.1 AA rules, listing each rule, its impact, its help text and the elements' selectors.
 * `label` names the screen or state in the message and in the report's attachment. With
 * `soft`, the failure is recorded and the test goes on (it still fails at its end), so one
 * run lists every screen that fails.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { soft = false } = {},
): Promise<void> {
  // Let MUI's enter transitions finish (a half-faded dialog has half the contrast); spinners
  // and skeletons run forever, so only finite animations are waited for. A transition can
  // start after the first look (content fading in when its data arrives, on a busy
  // machine): look again, two frames later, until a look finds none, for 2 s at most (a
  // screen may restart a short animation again and again).
  await page.evaluate(async () => {
    const deadline = performance.now() + 2_000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    while (performance.now() < deadline) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  });
  // Legacy mode runs axe in the page itself. The default opens a blank page after every
  // analysis and injects axe into it again to gather the frames' results: 2–3 times the
  // time (players list under load: 7.1–8.3 s against 2.7–3.1 s, the same violations and
  // passes). What it gives up, cross-origin frames, the app has none of (no iframe in src/):
  // one appearing fails here rather than going unchecked.
  const { origin } = new URL(page.url());
  const foreignFrames = page
    .frames()
    .filter(
      (frame) =>
        frame !== page.mainFrame() &&
        /^https?:/.test(frame.url()) &&
        !frame.url().startsWith(origin),
    );
  expect(
    foreignFrames.map((frame) => frame.url()),
    `cross-origin frames on ${label}: axe's legacy mode does not look inside them`,
  ).toEqual([]);
  // Only the violations are gathered in full: axe still runs every rule of the tags, but
  // builds a selector for one element per passing rule instead of all of them. `options`
  // replaces what `withTags` set, so it comes first.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  if (results.violations.length > 0) {
    await test.info().attach(`axe: ${label}`, {
      body: describeViolations(results.violations),
      contentType: 'text/plain',
    });
  }
  (soft ? expect.soft : expect)(
    failing.map((violation) => violation.id),
    `axe found serious or critical violations on ${label}:\n${describeViolations(failing)}`,
  ).toEqual([]);
}
