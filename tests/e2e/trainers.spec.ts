import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #11 end to end: the demo owner adds a trainer with an e-mail (the invitation is
 * pending), switches them off (asked first) and on again, and takes them out of the club,
 * each step through the real server on a fresh database.
 */

/** The grid row of the trainer named `name`. */
const row = (page: Page, name: string) =>
  page
    .getByRole('grid', { name: 'Entrenadores del club' })
    .getByRole('row')
    .filter({ hasText: name });

test('the owner adds a trainer, switches them off and on, and takes them out of the club', async ({
  page,
}) => {
  // Two dialogs and the grid, each checked for accessibility: the time of two tests.
  test.slow();
  const stamp = Date.now().toString().slice(-8);
  const email = `entrenadora.${stamp}@demo.club`;
  const name = `Marta Ríos${stamp}`;
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/trainers');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrenadores' })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar entrenador' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo entrenador' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Nuevo entrenador');
  await dialog.getByLabel(/^Nombre/).fill('Marta');
  await dialog.getByLabel(/^Apellido/).fill(`Ríos${stamp}`);
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('combobox', { name: 'Categorías' }).click();
  await page.getByRole('option', { name: 'Sub-10', exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(new RegExp(`invitación a ${email}`))).toBeVisible();
  await expect(dialog).toBeHidden();

  const marta = row(page, name);
  await expect(marta.getByText('Invitación pendiente')).toBeVisible();
  await expect(marta.getByText('Sub-10')).toBeVisible();
  const status = marta.getByRole('switch', { name: `Estado de ${name}` });
  await expect(status).toBeChecked();
  await expectAccessible(page, 'Entrenadores');

  // Off asks first; on goes at once.
  await status.click();
  const confirm = page.getByRole('dialog', { name: `¿Desactivar a ${name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText(`Estado de ${name}: Inactivo`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(status).not.toBeChecked();
  await status.click();
  await expect(page.getByText(`Estado de ${name}: Activo`)).toBeVisible();
  await expect(status).toBeChecked();

  // The status survives a reload: the server holds it.
  await page.reload();
  await expect(row(page, name).getByRole('switch', { name: `Estado de ${name}` })).toBeChecked();

  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `¿Eliminar a ${name}?` });
  await expect(
    remove.getByText(`${name} dejará de ser entrenador del club. Su historial se conserva.`),
  ).toBeVisible();
  await expectAccessible(page, `Eliminar ${name}`);
  await remove.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`${name} ya no es entrenador del club`)).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});
