import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #12, the catalogue, end to end on a fresh database with the demo data: the owner
 * accepts one more payment method with its details.
 */

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
