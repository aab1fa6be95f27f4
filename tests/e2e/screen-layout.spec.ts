import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expect, test } from './support/fixtures';

/** The widths of issue #34 item 6, where the defects were seen. */
const DESKTOP_WIDTHS = [1280, 1366, 1920] as const;

const searchInput = (page: Page, label: string) => page.getByRole('searchbox', { name: label });

for (const [path, label] of [
  ['/home/players', 'Buscar por nombre, documento o acudiente'],
  ['/home/payments', 'Buscar por jugador o documento'],
] as const) {
  test(`the search box of ${path} is wide enough to read what is typed`, async ({ page }) => {
    await logInAs(page, 'propietario@demo.club');
    for (const width of [...DESKTOP_WIDTHS, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const input = searchInput(page, label);
      await input.fill('Ana');
      const box = await input.boundingBox();
      expect(box?.width, `the input at ${width} px`).toBeGreaterThanOrEqual(
        width < 600 ? 120 : 160,
      );
    }
  });
}
