import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 1, "reminders reach whoever pays": the demo club's players are minors
 * whose guardians the club keeps on file (phone always, e-mail for some) and, for two of
 * them, the demo parent's authorised account. 'Enviar recordatorio' on a page of pending
 * payments answers per family what went where, with a WhatsApp link each, and loses no
 * payment from the count.
 */

test('a bulk reminder on minors lists per family what went where, none lost', async ({ page }) => {
  test.slow();
  await logInAs(page, 'contador@demo.club');
  await page.goto('/home/payments?status=pending');
  const grid = page.getByRole('grid', { name: 'Pagos del club' });
  await expect(grid.getByRole('gridcell', { name: /^Mensualidad Sub-/ }).first()).toBeVisible();

  await grid.getByRole('checkbox', { name: /seleccionar todas/i }).check();
  const bar = page.getByRole('region', { name: 'Acciones sobre los pagos seleccionados' });
  const selected = Number(/(\d+) pagos? seleccionados?/.exec((await bar.textContent()) ?? '')![1]);
  expect(selected).toBeGreaterThan(1);
  await bar.getByRole('button', { name: 'Enviar recordatorio' }).click();

  const dialog = page.getByRole('dialog', { name: 'Enviar recordatorio' });
  await expect(dialog.getByText(/Cada familia recibe un solo mensaje/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar recordatorio' }).click();

  const families = dialog.getByRole('list', { name: 'Resultado por familia' });
  await expect(families).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText(
    `${selected} de ${selected} pagos procesados`,
  );
  await expect(dialog.getByRole('alert')).not.toContainText(/^0 de/);
  // Every family has its WhatsApp link with the amounts; minors' families, never "no e-mail".
  const items = families.getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  await expect(families.getByRole('link', { name: /^Enviar por WhatsApp a / })).toHaveCount(count);
  const href = await families.getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/\d*\?text=/);
  expect(decodeURIComponent(href!.split('text=')[1]!)).toMatch(/te recuerda/);
  await expect(families.getByText(/^Familia de .*(correo a|WhatsApp listo)/).first()).toBeVisible();
  await expect(dialog.getByText('El jugador no tiene correo electrónico')).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Pagos sin recordatorio' })).toHaveCount(0);
  await expectAccessible(page, 'Resultado del recordatorio');
});
