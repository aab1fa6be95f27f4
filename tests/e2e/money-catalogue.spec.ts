import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #12, the catalogue, end to end on a fresh database with the demo data: the owner
 * adds a discount and is told why a used one cannot be deleted, changes a monthly fee's
 * price with a reason, and accepts one more payment method with its details.
 */

/** Amounts as the screens write them ('$ 90.000', with a no-break space). */
const pesos = (text: string) => new RegExp(`^\\$\\s${text.replace('.', '\\.')}$`);

const row = (page: Page, grid: string, name: string) =>
  page
    .getByRole('grid', { name: grid })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });

test('the owner adds a discount and cannot delete one in use', async ({ page }) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Descuentos' })).toBeVisible();
  await expect(row(page, 'Descuentos del club', 'Plan Hermanos').getByText('15 %')).toBeVisible();
  await expect(row(page, 'Descuentos del club', 'Beca').getByText('100 %')).toBeVisible();
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
  await expect(
    row(page, 'Descuentos del club', 'Pronto pago').getByText(pesos('10.000')),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar Plan Hermanos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(/Desactívalo en lugar de eliminarlo/)).toBeVisible();
  await expect(row(page, 'Descuentos del club', 'Plan Hermanos')).toBeVisible();
});

test('the owner changes a monthly fee with a reason', async ({ page }) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/chargers');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobros' })).toBeVisible();
  const fee = row(page, 'Cobros del club', 'Mensualidad Sub-10');
  await expect(fee.getByText(pesos('90.000'))).toBeVisible();
  await expectAccessible(page, 'Cobros');

  await page.getByRole('button', { name: 'Editar Mensualidad Sub-10' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar cobro' });
  await dialog.getByRole('textbox', { name: 'Valor' }).fill('95.000');
  const reason = dialog.getByLabel(/^Motivo del cambio de precio/);
  await expect(reason).toBeVisible();
  await reason.fill('Ajuste de temporada');
  await expectAccessible(page, 'Editar cobro');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cobro Mensualidad Sub-10 actualizado')).toBeVisible();
  await expect(fee.getByText(pesos('95.000'))).toBeVisible();
});

test('the owner accepts Daviplata with its details', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/admin/payment_methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Medios de pago' })).toBeVisible();
  const nequi = page.getByRole('form', { name: 'Nequi' });
  await expect(nequi.getByRole('switch', { name: 'Aceptado' })).toBeChecked();
  await expectAccessible(page, 'Medios de pago');

  const daviplata = page.getByRole('form', { name: 'Daviplata' });
  await expect(daviplata.getByRole('switch', { name: 'Aceptado' })).not.toBeChecked();
  await daviplata.getByRole('switch', { name: 'Aceptado' }).check();
  await daviplata.getByLabel('Datos para pagar').fill('Daviplata 310 555 0101 (Club Demo)');
  await daviplata.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Daviplata: aceptado. Cambios guardados')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Daviplata' }).getByLabel('Datos para pagar'),
  ).toHaveValue('Daviplata 310 555 0101 (Club Demo)');
});
