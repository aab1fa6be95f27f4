import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts';
import { CLUB, pageHeaders } from './support/calendar-api';
import { expect, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

/*
 * Issue #18, part 4: the keyboard alone, no mouse, from the sign-in to the players and to
 * the payments, where the owner records money received at the desk. Every control is
 * reached with Tab (or Shift+Tab), opened with Enter or the arrows and left with Escape.
 */

/** In an open list box, moves down with the arrows to `name` and picks it with Enter. */
async function chooseWithArrows(page: Page, name: string) {
  await expect(page.getByRole('listbox')).toBeVisible();
  const option = page.getByRole('option', { name, exact: true });
  for (let presses = 0; presses < 20; presses += 1) {
    if (await option.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A player of the demo club the owner lists: the one searched for. */
async function somePlayer(page: Page): Promise<{ name: string; lastname: string }> {
  const answer = await page.request.get(`/api/pla_club_teams/${CLUB}/players?page=1&pageSize=10`, {
    headers: await pageHeaders(page),
  });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { name: string; lastname: string }[] };
  expect(data.length, 'the demo club lists players').toBeGreaterThan(0);
  return data[0]!;
}

test('the owner signs in, finds a player and records a payment with the keyboard alone', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign-in: Tab to the e-mail, type, Tab to the password, Enter sends the form.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Correo electrónico' }));
  await page.keyboard.type('propietario@demo.club');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/dashboard$/);

  // The menu's Jugadores, then the search: the player's row is the one left.
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await tabTo(page, menu.getByRole('link', { name: 'Jugadores' }), { limit: 40 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/players$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jugadores' })).toBeVisible();
  const player = await somePlayer(page);
  const search = page.getByRole('searchbox', { name: 'Buscar por nombre, documento o acudiente' });
  await tabTo(page, search, { limit: 40 });
  await page.keyboard.type(player.lastname);
  const grid = page.getByRole('grid', { name: 'Jugadores del club' });
  await expect(grid.getByRole('row').filter({ hasText: player.lastname }).first()).toBeVisible();

  // Back up to the menu with Shift+Tab, to Pagos.
  await tabTo(page, menu.getByRole('link', { name: 'Pagos' }), { limit: 40, backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();

  // The status filter opened with the arrows: the pending payments.
  const status = page.getByRole('combobox', { name: 'Estado' });
  await tabTo(page, status, { limit: 40 });
  await page.keyboard.press('ArrowDown');
  await chooseWithArrows(page, 'Pendiente');
  await expect(status).toHaveText('Pendiente');

  // A pending payment's drawer, 'Registrar abono', the method, 'Registrar'.
  const payments = page.getByRole('grid', { name: 'Pagos del club' });
  await tabTo(page, payments.getByRole('button', { name: /^Ver el pago de / }).first(), {
    limit: 60,
  });
  await page.keyboard.press('Enter');
  const drawer = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { name: 'Abonos' }) });
  await expect(drawer.getByText('Saldo', { exact: true })).toBeVisible();
  await tabTo(page, drawer.getByRole('button', { name: 'Registrar abono' }));
  await page.keyboard.press('Enter');
  const record = page.getByRole('dialog', { name: 'Registrar abono' });
  await expect(record).toBeVisible();
  await tabTo(page, record.getByRole('combobox', { name: /Medio de pago/ }));
  await page.keyboard.press('ArrowDown');
  await chooseWithArrows(page, 'Efectivo');
  await tabTo(page, record.getByRole('button', { name: 'Registrar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Abono registrado: recibo N\.º \d+$/)).toBeVisible();
  await expect(record).toHaveCount(0);
  await expect(drawer.getByText('Pagado', { exact: true }).first()).toBeVisible();

  // Escape closes the drawer. The paid payment has no 'Registrar abono' to give the focus
  // back to: the drawer's focus trap takes it back from the page's body within 50 ms.
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== document.body))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});
