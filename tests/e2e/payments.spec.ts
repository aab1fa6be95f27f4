import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #12, Pagos end to end: the server bills the demo club's current month at start-up
 * (the daily generation job), so the accountant finds the month's payments and figures,
 * and the generation dialog has nothing left to create.
 */

test('the accountant sees the month billed and nothing left to generate', async ({ page }) => {
  test.slow();
  await logInAs(page, 'contador@demo.club');
  await page.goto('/home/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Pagos del club' });
  await expect(grid.getByRole('gridcell', { name: /^Mensualidad Sub-/ }).first()).toBeVisible();
  await expect(page.getByText('Facturado', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Pagos');

  await page.getByRole('button', { name: 'Generar cobros del periodo' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Generar cobros de / });
  await expect(dialog.getByRole('table', { name: 'Pagos por cobro' })).toBeVisible();
  await expectAccessible(page, 'Generar cobros');
  // The start-up run billed the month already: no monthly fee has a payment left to create.
  // (A player another test of this worker added since may still owe the club-wide charges,
  // so the dialog as a whole need not be empty.)
  const monthlyFees = dialog.getByRole('row', { name: /^Mensualidad / });
  await expect(monthlyFees.first()).toBeVisible();
  for (const fee of await monthlyFees.all()) {
    await expect(fee.getByRole('cell').nth(1)).toHaveText('0');
  }
});

test('on a phone each payment is a card whose drawer fills the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'contador@demo.club');
  await page.goto('/home/payments');
  const cards = page.getByRole('list', { name: 'Pagos del club' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await cards
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Ver el pago de / })
    .click();
  const drawer = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { name: 'Historial' }) })
    .filter({ has: page.getByRole('heading', { name: 'Abonos' }) });
  await expect(drawer.getByText('Saldo', { exact: true })).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(380);
  // Nothing wider than the screen: no sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'Pago on a phone');
});
