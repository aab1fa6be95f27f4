import type { Page } from '@playwright/test';
import { currentPeriod, periodLabel, shiftPeriod } from '../../src/screens/payments/payment-period';
import { logInAs, logOut } from './support/accounts';
import { pesos } from './support/amounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 2 "Done when": discounts apply. The demo owner gives 'Beca' to one more
 * player from the discount and sees the count move, sets 'Plan Hermanos' (a sibling rule
 * on the monthly fees) to 30 % from the third child, and generates a month three ahead
 * (no other test bills it): the preview names the rule, and the demo family's second
 * child's payment shows it with its reason. Issue #12, the catalogue: the owner adds a
 * discount and is told why a used one cannot be deleted.
 */

const row = (page: Page, name: string) =>
  page
    .getByRole('grid', { name: 'Descuentos del club' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });

test('the owner assigns a discount, sets the sibling rule and a payment shows it', async ({
  page,
}) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/discounts');
  const beca = row(page, 'Beca');
  // 'Jugadores': the fourth cell (name, type, value, players).
  const players = beca.getByRole('gridcell').nth(3);
  await expect(players).toHaveText(/^\d+$/);
  const before = Number(await players.textContent());

  // 1. 'Asignar jugadores': one more player from the search.
  await page.getByRole('button', { name: 'Asignar jugadores de Beca' }).click();
  const assign = page.getByRole('dialog', { name: 'Asignar jugadores: Beca' });
  await expect(assign.getByText(/^(Lo tienen|Ningún jugador)/)).toBeVisible();
  await assign.getByRole('combobox', { name: 'Jugadores' }).click();
  await page.getByRole('option').filter({ hasNotText: '(ya lo tiene)' }).first().click();
  await expect(assign.getByText('Se asigna a 1.')).toBeVisible();
  await assign.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Descuento Beca: asignado a 1 jugador')).toBeVisible();
  await expect(players).toHaveText(String(before + 1));

  // 2. The sibling rule: 15 % the second child, now 30 % the third and later.
  await page.getByRole('button', { name: 'Editar Plan Hermanos' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar descuento' });
  await expect(edit.getByRole('radio', { name: 'Plan hermanos' })).toBeChecked();
  await edit.getByRole('textbox', { name: /^Porcentaje del 3/ }).fill('30');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Descuento Plan Hermanos actualizado')).toBeVisible();
  await expect(row(page, 'Plan Hermanos').getByText('2.º 15 % · 3.º+ 30 %')).toBeVisible();

  // 3. Generate a month three ahead: the preview names the rule.
  const month = periodLabel(shiftPeriod(currentPeriod(), 3));
  await page.goto('/home/payments');
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await page.getByRole('button', { name: 'Generar cobros del periodo' }).first().click();
  const generation = page.getByRole('dialog', { name: `Generar cobros de ${month}` });
  await expect(generation.getByText(/^Plan Hermanos: \d+ pagos? \(/).first()).toBeVisible();
  await generation.getByRole('button', { name: 'Generar' }).click();
  await expect(generation.getByText(/^Se crearon \d+ pagos/)).toBeVisible();
  await generation.getByRole('button', { name: 'Cerrar' }).click();

  // 4. The demo family's payments of that month: the second child's names the rule.
  await logOut(page);
  await logInAs(page, 'padre@demo.club');
  await page.goto('/home/payments');
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Pagos del club' });
  const open = grid.getByRole('button', { name: /^Ver el pago de / });
  await expect(open.first()).toBeVisible();
  const seen: string[] = [];
  const title = page.locator('#payment-drawer-title');
  for (let index = 0; index < (await open.count()); index += 1) {
    const label = (await open.nth(index).getAttribute('aria-label')) ?? '';
    await open.nth(index).click();
    // The drawer of this row (not the one closing), once its amounts are in.
    await expect(title).toHaveText(label.replace(/^Ver el pago de /, '').split(':')[0]!);
    await expect(page.getByText('Valor a pagar', { exact: true })).toBeVisible();
    seen.push(...(await page.getByText(/^Descuento /).allTextContents()));
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(title).toBeHidden();
  }
  expect(seen).toContain('Descuento Plan Hermanos (2.º hijo: 15 %)');
});

test('the owner adds a discount and cannot delete one in use', async ({ page }) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Descuentos' })).toBeVisible();
  await expect(row(page, 'Plan Hermanos').getByText('15 %')).toBeVisible();
  await expect(row(page, 'Beca').getByText('100 %')).toBeVisible();
  await expectAccessible(page, 'Descuentos');

  await page.getByRole('button', { name: 'Nuevo descuento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo descuento' });
  await dialog.getByLabel(/^Nombre/).fill('Pronto pago');
  await dialog.getByRole('radio', { name: 'Valor fijo' }).check();
  await dialog.getByRole('textbox', { name: 'Valor' }).fill('10000');
  await expectAccessible(page, 'Nuevo descuento');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Descuento Pronto pago creado')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Pronto pago').getByText(pesos('10.000'))).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar Plan Hermanos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(/Desactívalo en lugar de eliminarlo/)).toBeVisible();
  await expect(row(page, 'Plan Hermanos')).toBeVisible();
});
