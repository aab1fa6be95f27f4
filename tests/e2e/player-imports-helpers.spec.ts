import type { Locator, Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 4 end to end: a school's spreadsheet (guardian columns as parents write
 * them, no category column) maps itself, the boy gets the demo club's only category for
 * his birth year (Sub-10, boys born nine years ago); the same file with a new guardian
 * phone, at 390 px, shows what 'Actualiza' changes.
 */

const YEAR = new Date().getFullYear();
const HEADER =
  'Nombres,Apellidos,Tipo doc,T.I.,F. nacimiento,Sexo,Nombre acudiente,Celular acudiente,Parentesco';
/** A ten-digit tarjeta de identidad no demo person has. */
const number = String(1_090_000_000 + (Date.now() % 10_000_000));

const file = (guardianPhone: string) => ({
  name: 'colegio.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      HEADER,
      `Tomás,Ayudas Prueba,TI,${number},15/03/${YEAR - 9},M,Marta Prueba,${guardianPhone},Madre`,
    ].join('\r\n'),
    'utf8',
  ),
});

async function upload(page: Page, phone: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Importar jugadores' });
  await dialog.getByLabel('Elegir archivo').setInputFiles(file(phone));
  await expect(dialog.getByText('Paso 2 de 3: revisa las columnas')).toBeVisible();
  return dialog;
}

test('guardian columns map themselves, a blank category is assigned, an update shows its changes', async ({
  page,
}) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/players');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();

  const dialog = await upload(page, '300 111 2222');
  await expect(dialog.getByRole('combobox', { name: 'Acudiente', exact: true })).toHaveText(
    'Nombre acudiente',
  );
  await expect(dialog.getByRole('combobox', { name: 'Teléfono del acudiente' })).toHaveText(
    'Celular acudiente',
  );
  await expect(
    dialog.getByRole('combobox', { name: 'Número de documento', exact: true }),
  ).toHaveText('T.I.');
  await dialog.getByRole('button', { name: 'Ver filas' }).click();
  const rows = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByRole('row').filter({ hasText: 'Tomás' })).toContainText(
    'Categoría asignada por año de nacimiento: Sub-10',
  );
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByText('Se importó 1 jugador')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Importar otro archivo' }).click();
  await upload(page, '300 999 8888');
  await dialog.getByRole('button', { name: 'Ver filas' }).click();
  await expect(dialog.getByText('1 actualiza')).toBeVisible();
  const row = rows.getByRole('row').filter({ hasText: 'Tomás' });
  await expect(row).toContainText('Actualiza');
  await expect(row.getByRole('list', { name: 'Cambios' })).toContainText(
    'Teléfono del acudiente: 300 111 2222 →cambia a 300 999 8888',
  );
  // The table fits the phone's width (no sideways scrolling to read the change).
  const table = await rows.evaluate((element) => ({
    width: element.getBoundingClientRect().right,
    scroll: element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
  }));
  expect(table.width).toBeLessThanOrEqual(390);
  expect(table.scroll).toBe(0);
  await expectAccessible(page, "the update's changes at 390 px");
});
