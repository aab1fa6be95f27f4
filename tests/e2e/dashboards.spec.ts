import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #16 "Done when": each demo role opens the app on its own dashboard, and every
 * tile's link opens the grid whose total (and, for money, the Pagos header) is the tile's.
 * The figures are read from the screen, never typed here: the other specs change the demo
 * data before this one runs.
 */

/** The tile titled `title` (a list item with that heading). */
const tile = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .first();

/** The tile's figure, once loaded. */
async function tileValue(page: Page, title: string) {
  const value = tile(page, title).locator('p').first();
  await expect(value).toHaveText(/\d/);
  return ((await value.textContent()) ?? '').trim();
}

/** '74 pagos · $ 7.205.500' → 74; '121' → 121. */
const leadingNumber = (text: string) => Number(/^(\d[\d.]*)/.exec(text)?.[1]?.replace(/\./g, ''));

/** The server grid's footer total ('1–25 de 121', or 'de 0' when empty). */
async function expectGridTotal(page: Page, total: number) {
  if (total === 0) {
    await expect(page.getByText(/0[–-]0 de 0/).first()).toBeVisible();
    return;
  }
  await expect(page.getByText(new RegExp(`\\d+[–-]\\d+ de ${total}$`)).first()).toBeVisible();
}

/** The Pagos header's figure titled `title`. */
const paymentsFigure = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Cifras del periodo' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('p')
    .first();

/** Follows the tile's link, checks where it went and goes back to the dashboard. */
async function follow(page: Page, title: string, linkText: string, url: RegExp) {
  await tile(page, title).getByRole('link', { name: linkText }).click();
  await expect(page).toHaveURL(url);
}

test('the owner lands on the Tablero and every count and money tile agrees with its grid', async ({
  page,
}) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Facturado vs. recaudado' })).toBeVisible();
  await expectAccessible(page);

  for (const [title, linkText, path] of [
    ['Jugadores', 'Ver jugadores', '/home/players'],
    ['Entrenadores', 'Ver entrenadores', '/home/trainers'],
    ['Categorías', 'Ver categorías', '/home/categories'],
  ] as const) {
    const count = leadingNumber(await tileValue(page, title));
    await follow(page, title, linkText, new RegExp(`${path}$`));
    await expectGridTotal(page, count);
    await page.goBack();
  }

  for (const [title, linkText, query] of [
    ['Vencidos', 'Ver pagos vencidos', /\/home\/payments\?overdue=true$/],
    ['En revisión', 'Ver pagos en revisión', /\/home\/payments\?status=in_review$/],
  ] as const) {
    const text = await tileValue(page, title);
    await follow(page, title, linkText, query);
    await expect(page.getByRole('combobox', { name: 'Periodo' })).toHaveText('Todos los periodos');
    await expect(paymentsFigure(page, title)).toHaveText(text);
    await expectGridTotal(page, leadingNumber(text));
    await page.goBack();
  }

  const collected = await tileValue(page, 'Recaudado en el mes');
  const billed = await tileValue(page, 'Facturado');
  await follow(
    page,
    'Recaudado en el mes',
    'Ver pagos del mes',
    /\/home\/payments\?period=\d{4}-\d{2}$/,
  );
  await expect(paymentsFigure(page, 'Recaudado en el mes')).toHaveText(collected);
  await expect(paymentsFigure(page, 'Facturado')).toHaveText(billed);
});

test('the accountant sees the money, and each debtors row opens the grid it counts', async ({
  page,
}) => {
  await logInAs(page, 'contador@demo.club');
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Deudores por categoría' })).toBeVisible();
  const overdue = await tileValue(page, 'Vencidos');
  const table = page.getByRole('table').filter({ hasText: 'Jugadores' }).first();
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  const link = row.getByRole('link');
  const payments = Number((await row.getByRole('cell').nth(1).textContent())?.trim());
  expect(payments).toBeGreaterThan(0);
  expect(leadingNumber(overdue)).toBeGreaterThanOrEqual(payments);
  await link.click();
  await expect(page).toHaveURL(/\/home\/payments\?overdue=true&category_id=\d+$/);
  await expectGridTotal(page, payments);
});

test('the trainer lands on their categories: today, roll calls to take, their players', async ({
  page,
}) => {
  await logInAs(page, 'entrenador@demo.club');
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hoy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Asistencia por tomar' })).toBeVisible();
  await expectAccessible(page);
  const players = leadingNumber(await tileValue(page, 'Mis jugadores'));
  await follow(page, 'Mis jugadores', 'Ver jugadores', /\/home\/players$/);
  await expectGridTotal(page, players);
});

test('the guardian and the player land on their dashboards with their charts', async ({ page }) => {
  await logInAs(page, 'padre@demo.club');
  await expect(page).toHaveURL(/\/home\/parent-dashboard$/);
  await expect(page.getByText(/Asistencia por mes/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión', exact: true }).click();

  await logInAs(page, 'jugador@demo.club');
  await expect(page).toHaveURL(/\/home\/player-dashboard$/);
  await expect(page.getByText(/Asistencia por mes/).first()).toBeVisible();
  await expectAccessible(page);
});

test('the super admin lands on the platform dashboard; its clubs tile agrees with the clubs grid', async ({
  page,
}) => {
  await logInAs(page, 'admin@demo.club');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const clubs = leadingNumber(await tileValue(page, 'Clubes'));
  await follow(page, 'Clubes', 'Ver clubes', /\/home\/admin\/system/);
  await expectGridTotal(page, clubs);
});
