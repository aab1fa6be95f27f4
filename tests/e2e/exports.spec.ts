import { readFile } from 'node:fs/promises';
import { logInAs } from './support/accounts';
import { CLUB, pageHeaders } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 3 end to end: the players grid shows 25 of its 30 players searched, and
 * 'Exportar' → 'CSV (Excel)' downloads all 30 from the server, as Excel in es-CO reads it.
 * Since issue #36 item 2 the export is queued (POST <list>/export), written by the
 * server's job queue and downloaded once done.
 */

const PLAYERS = 30;
/** A last name no other test uses, so the search finds exactly these players. */
const lastname = `Exportable${Date.now() % 1_000_000}`;
/** Eight-digit cédulas no demo person has, one per row. */
const base = 80_000_000 + (Date.now() % 1_000_000) * 10;

test('the owner exports every searched player, not only the page on screen', async ({ page }) => {
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  const lines = Array.from(
    { length: PLAYERS },
    (_, i) => `Exportado ${i + 1},${lastname},CC,${base + i},15/03/1998,Femenino`,
  );
  const file = [
    'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género',
    ...lines,
  ].join('\r\n');
  const imported = await page.request.post(`/api/pla_club_teams/${CLUB}/player-imports`, {
    headers: await pageHeaders(page),
    multipart: {
      file: { name: 'jugadores.csv', mimeType: 'text/csv', buffer: Buffer.from(file) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await page.goto('/home/players');
  await page.getByLabel('Buscar por nombre, documento o acudiente').fill(lastname);
  await expect(page.getByText(new RegExp(`1[–-]25 de ${PLAYERS}`))).toBeVisible();

  await page.getByRole('button', { name: 'Exportar' }).click();
  const downloading = page.waitForEvent('download');
  const queued = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/pla_club_teams/${CLUB}/players/export`,
  );
  await page.getByRole('menuitem', { name: 'CSV (Excel)' }).click();
  expect((await queued).status()).toBe(202);
  const download = await downloading;
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeEnabled();
  expect(download.suggestedFilename()).toMatch(/^jugadores-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFNombre;Apellido;')).toBe(true);
  const rows = text.trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(PLAYERS);
  expect(rows.every((row) => row.split(';')[1] === lastname)).toBe(true);
  expect(rows[0]!.split(';')[4]).toBe('15/03/1998');
});
