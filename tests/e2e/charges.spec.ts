import { logInAs } from './support/accounts';
import { pesos } from './support/amounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #12, the catalogue, end to end on a fresh database with the demo data: the owner
 * changes a monthly fee's price with a reason.
 */

test('the owner changes a monthly fee with a reason', async ({ page }) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/chargers');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobros' })).toBeVisible();
  const fee = page
    .getByRole('grid', { name: 'Cobros del club' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: 'Mensualidad Sub-10', exact: true }) });
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
