import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #11 item 4 end to end: the demo owner imports a spreadsheet of 50 players. The
 * first file has two bad rows: the preview says which and why, nothing can be imported;
 * the fixed file imports all 50, and the grid finds them.
 */

const HEADER = 'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género';
/** Eight-digit cédulas no demo person has, one per row. */
const base = 70_000_000 + (Date.now() % 1_000_000) * 10;

function spreadsheet(broken: boolean): Buffer {
  const lines = Array.from({ length: 50 }, (_, index) => {
    const number = index === 9 && broken ? 'ABC123' : String(base + index);
    const born = index === 19 && broken ? '01/01/2999' : '15/03/1998';
    return `Importado ${index + 1},Planilla Prueba,CC,${number},${born},Masculino`;
  });
  return Buffer.from([HEADER, ...lines].join('\r\n'), 'utf8');
}

async function upload(page: Page, label: string, broken: boolean) {
  await page.getByLabel(label).setInputFiles({
    name: broken ? 'jugadores.csv' : 'jugadores-corregido.csv',
    mimeType: 'text/csv',
    buffer: spreadsheet(broken),
  });
  const dialog = page.getByRole('dialog', { name: 'Importar jugadores' });
  await dialog.getByRole('button', { name: 'Ver filas' }).click();
  return dialog;
}

test('the owner imports 50 players: sees the two bad rows, fixes the file and imports it', async ({
  page,
}) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/players');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar jugadores' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the import dialog');

  await upload(page, 'Elegir archivo', true);
  await expect(dialog.getByText('48 nuevos')).toBeVisible();
  await expect(dialog.getByText('2 con errores')).toBeVisible();
  const rows = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByRole('row').filter({ hasText: 'Importado 10 ' })).toContainText(
    'Número de documento',
  );
  await expect(rows.getByRole('row').filter({ hasText: 'Importado 20 ' })).toContainText(
    'Fecha de nacimiento',
  );
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await expectAccessible(page, 'the preview with its errors');

  await upload(page, 'Subir de nuevo', false);
  await expect(dialog.getByText('50 nuevos')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByText('Se importaron 50 jugadores')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByLabel('Buscar por nombre, documento o acudiente').fill('Planilla Prueba');
  await expect(page.getByText(/1[–-]25 de 50/)).toBeVisible();
});
