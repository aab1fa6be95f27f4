import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Presses Tab (or Shift+Tab, `backwards`) until `target` has the focus, at most `limit`
 * times, failing otherwise: the keyboard alone must be able to reach it.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { limit = 30, backwards = false }: { limit?: number; backwards?: boolean } = {},
) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}
