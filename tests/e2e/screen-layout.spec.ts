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

test('the help button never covers the grid pagination at 1366×900', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/players');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const help = page.getByRole('link', { name: '¿Necesitas ayuda? Escríbenos' });
  await expect(help).toBeVisible();
  const next = page.getByRole('button', { name: 'Ir a la página siguiente' });
  const pageLabel = page.locator('.MuiTablePagination-displayedRows');
  const before = await pageLabel.textContent();
  // Scrolled to the end, where the pagination is nearest the button.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [nextBox, helpBox] = [await next.boundingBox(), await help.boundingBox()];
  if (!nextBox || !helpBox) throw new Error('the next-page button or the help button has no box');
  const overlap =
    nextBox.x < helpBox.x + helpBox.width &&
    helpBox.x < nextBox.x + nextBox.width &&
    nextBox.y < helpBox.y + helpBox.height &&
    helpBox.y < nextBox.y + nextBox.height;
  expect(overlap, `next page ${JSON.stringify(nextBox)}, help ${JSON.stringify(helpBox)}`).toBe(
    false,
  );
  // A real click at the arrow's centre, as a user's: it reaches the arrow, not the chat.
  await page.mouse.click(nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2);
  await expect(pageLabel).not.toHaveText(before ?? '');
  expect(page.context().pages()).toHaveLength(1);
});

test("the calendar's month shows every event's whole time and ellipsises its title", async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  for (const width of DESKTOP_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/home/calendar');
    await expect(page.locator('.fc-daygrid-event .fc-event-time').first()).toBeVisible();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.fc-daygrid-event .fc-event-time')]
        .filter((time) => time.scrollWidth > time.clientWidth)
        .map((time) => `${time.textContent} (${time.scrollWidth} > ${time.clientWidth})`),
    );
    expect(cut, `times cut at ${width} px`).toEqual([]);
    const title = page.locator('.fc-daygrid-event .fc-event-title').first();
    await expect(title).toHaveCSS('text-overflow', 'ellipsis');
    await expect(title).toHaveCSS('white-space', 'nowrap');
  }
});

test('the landing page never scrolls sideways', async ({ page }) => {
  for (const width of [390, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(sizes.scrollWidth, `the page's width at ${width} px`).toBe(sizes.innerWidth);
  }
});
