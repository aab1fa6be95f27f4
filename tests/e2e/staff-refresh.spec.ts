import { logInAs } from './support/accounts';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 6: after importing players the owner's Tablero still said the old count
 * until a reload. The import refreshes what it changes (src/api/refresh.ts), so going back
 * to the Tablero, without reloading the page, shows the new players.
 */

const HEADER = 'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género';
/** Eight-digit cédulas no demo person has. */
const base = 80_000_000 + (Date.now() % 1_000_000) * 10;

test("the owner's Tablero counts the imported players without a reload", async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  const players = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Jugadores', exact: true }) })
    .first();
  const figure = players.locator('p').first();
  await expect(figure).toHaveText(/\d/);
  const count = async () => Number(((await figure.textContent()) ?? '').replace(/\D/g, ''));
  const before = await count();

  await players.getByRole('link', { name: 'Ver jugadores' }).click();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar jugadores' });
  const rows = [0, 1].map(
    (index) => `Refresco ${index + 1},Tablero Prueba,CC,${base + index},15/03/1998,Femenino`,
  );
  await page.getByLabel('Elegir archivo').setInputFiles({
    name: 'jugadores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...rows].join('\r\n'), 'utf8'),
  });
  await dialog.getByRole('button', { name: 'Ver filas' }).click();
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByText('Se importaron 2 jugadores')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // Back in the app's history: no page load, the cache answers unless the import refreshed it.
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goBack();
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  // Other specs may add players meanwhile: at least the two imported here.
  await expect.poll(count).toBeGreaterThanOrEqual(before + 2);
  expect(loads).toEqual([]);
});
