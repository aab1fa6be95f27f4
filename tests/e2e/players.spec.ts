import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #11 end to end: the demo owner adds a minor to the club through the player form
 * (the category the birth date fits is proposed and picked, a guardian is required), finds
 * them in the grid, changes their jersey number and takes them out of the club, each step
 * through the real server on a fresh database.
 */

/** Nine on any day of this year in Bogotá: born on 1 January nine years ago. */
const birthYear =
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric' }).format(
      new Date(),
    ),
  ) - 9;
const FULL_NAME = 'Tomás Zambrano Prueba';
/** A TI of ten digits no demo player has. */
const DOCUMENT = `19${String(Date.now()).slice(-8)}`;

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Searches the grid for the new player and returns their row. */
async function findPlayer(page: Page) {
  await page.getByLabel('Buscar por nombre, documento o acudiente').fill('Zambrano Prueba');
  const grid = page.getByRole('grid', { name: 'Jugadores del club' });
  const row = grid.getByRole('row').filter({ hasText: FULL_NAME });
  await expect(row).toHaveCount(1);
  return row;
}

test('the owner adds a minor with a guardian, edits the jersey and takes them out of the club', async ({
  page,
}) => {
  // A long form and three screens, each checked for accessibility.
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/players');
  await expect(page.getByRole('heading', { level: 1, name: 'Jugadores' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Jugadores del club' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sub-10', exact: true })).toBeVisible();
  await expectAccessible(page, 'Jugadores');

  await page.getByRole('link', { name: 'Nuevo jugador' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo jugador' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Nombre/ })
    .first()
    .fill('Tomás');
  await page.getByRole('textbox', { name: /^Apellido/ }).fill('Zambrano Prueba');
  // The date field types section by section (DD/MM/AAAA).
  const birthDate = page.getByRole('group', { name: /Fecha de nacimiento/ });
  await birthDate.getByRole('spinbutton').first().click();
  await page.keyboard.type(`0101${birthYear}`);
  await choose(page, /^Género/, 'Masculino');
  await choose(page, /^Tipo de documento/, 'Tarjeta de identidad');
  await page.getByRole('textbox', { name: /^Número de documento/ }).fill(DOCUMENT);
  await expect(page.getByText('El documento no está registrado')).toBeVisible();

  // The only category a boy of nine fits is proposed and chosen.
  const proposals = page.getByRole('group', { name: /Categorías según/ });
  await expect(proposals.getByRole('button', { name: 'Sub-10' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('combobox', { name: /^Categoría/ })).toHaveText('Sub-10');

  // A minor: without a guardian the form refuses.
  await expect(page.getByRole('heading', { name: 'Acudiente' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Número de camiseta/ }).fill('77');
  await page.getByRole('button', { name: 'Crear jugador' }).click();
  await expect(
    page.getByText('Para un menor de edad indica el nombre y el teléfono del acudiente'),
  ).toHaveCount(2);
  await expectAccessible(page, 'Nuevo jugador');
  await page.getByRole('textbox', { name: /^Nombre del acudiente/ }).fill('Luz Prueba');
  await page.getByRole('textbox', { name: /^Teléfono del acudiente/ }).fill('3001234567');
  await choose(page, /^Parentesco/, 'Madre');
  await page.getByRole('button', { name: 'Crear jugador' }).click();

  await expect(page.getByText('Jugador creado')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/players$/);
  let row = await findPlayer(page);
  await expect(row.getByText(`TI ${DOCUMENT}`)).toBeVisible();
  await expect(row.getByText('Sub-10')).toBeVisible();
  await expect(row.getByText('Luz Prueba · 3001234567')).toBeVisible();
  await expect(row.getByRole('gridcell', { name: '77', exact: true })).toBeVisible();

  // Edit the jersey number.
  await row.getByRole('button', { name: `Editar ${FULL_NAME}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar jugador' })).toBeVisible();
  const jersey = page.getByRole('textbox', { name: /^Número de camiseta/ });
  await expect(jersey).toHaveValue('77');
  await expectAccessible(page, 'Editar jugador');
  await jersey.fill('88');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Jugador actualizado')).toBeVisible();
  row = await findPlayer(page);
  await expect(row.getByRole('gridcell', { name: '88', exact: true })).toBeVisible();

  // Take them out of the club, after confirming.
  await row.getByRole('button', { name: `Eliminar ${FULL_NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: `¿Eliminar a ${FULL_NAME} del club?` });
  await expect(
    confirm.getByText(`${FULL_NAME} dejará el club. Su historial (pagos, asistencia) se conserva.`),
  ).toBeVisible();
  await expectAccessible(page, 'Eliminar jugador');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`${FULL_NAME} dejó el club`)).toBeVisible();
  await expect(
    page
      .getByRole('grid', { name: 'Jugadores del club' })
      .getByRole('row')
      .filter({ hasText: FULL_NAME }),
  ).toHaveCount(0);
});

test('on a phone each player is a card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/players');
  const cards = page.getByRole('list', { name: 'Jugadores del club' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(cards.getByRole('listitem')).toHaveCount(25);
  await expect(
    cards
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Editar / }),
  ).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectAccessible(page, 'Jugadores on a phone');
});

test('the demo trainer sees only the players of the categories they train', async ({ page }) => {
  await logInAs(page, 'entrenador@demo.club');
  await page.goto('/home/players');
  const grid = page.getByRole('grid', { name: 'Jugadores del club' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  // The demo trainer trains Sub-10 and Sub-12: twenty players each in the demo, nobody
  // else (the import specs may add a Sub-10 boy to the demo club before this runs).
  const range = page.getByText(/1[–-]25 de \d+/);
  await expect(range).toBeVisible();
  expect(Number(/de (\d+)/.exec((await range.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(
    40,
  );
  await expect(grid.getByRole('gridcell', { name: 'Sub-10' }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Sub-12' }).first()).toBeVisible();
  for (const other of ['Sub-8 Mixta', 'Sub-14', 'Sub-15 Femenino', 'Sub-17']) {
    await expect(grid.getByRole('gridcell', { name: other })).toHaveCount(0);
  }
  // Viewing only: no way to add, edit or take anyone out.
  await expect(page.getByRole('button', { name: 'Nuevo jugador' })).toHaveCount(0);
  await expectAccessible(page, 'the players a trainer sees');
});
