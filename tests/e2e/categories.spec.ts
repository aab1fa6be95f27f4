import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #11 end to end: the demo owner opens Categorías, sees the seeded categories, and
 * creates, edits and deletes one, each step through the real server on a fresh database.
 */

const DEMO_CATEGORIES = [
  'Sub-8 Mixta',
  'Sub-10',
  'Sub-12',
  'Sub-14',
  'Sub-15 Femenino',
  'Sub-17',
  'Mayores',
];

/** The grid row that holds `name` in its first cell. */
const row = (page: Page, name: string) =>
  page
    .getByRole('grid', { name: 'Categorías del club' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });

/** Picks `option` in the dialog's select labelled `label`. */
async function choose(page: Page, label: RegExp | string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the owner creates, edits and deletes a category', async ({ page }) => {
  // Three dialogs, each checked for accessibility: the time of two tests.
  test.slow();
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Categorías del club' });
  for (const name of DEMO_CATEGORIES) {
    await expect(grid.getByRole('gridcell', { name, exact: true })).toBeVisible();
  }
  await expect(row(page, 'Sub-15 Femenino').getByText('Femenino', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Categorías');

  // Create Sub-20, born 2006–2007, men.
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  const create = page.getByRole('dialog', { name: 'Nueva categoría' });
  await expect(create).toBeVisible();
  await expectAccessible(page, 'Nueva categoría');
  await create.getByLabel(/^Nombre/).fill('Sub-20');
  await choose(page, 'Deporte', 'Fútbol');
  await choose(page, /^Género/, 'Masculino');
  await create.getByLabel(/^Año de nacimiento desde/).fill('2006');
  await create.getByLabel('Año de nacimiento hasta').fill('2007');
  await create.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Categoría Sub-20 creada')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(row(page, 'Sub-20').getByText('2006 – 2007')).toBeVisible();
  await expect(row(page, 'Sub-20').getByText('Masculino')).toBeVisible();

  // Edit it: open-ended and inactive.
  await page.getByRole('button', { name: 'Editar Sub-20' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar categoría' });
  await expect(edit.getByLabel(/^Nombre/)).toHaveValue('Sub-20');
  await expectAccessible(page, 'Editar categoría');
  await edit.getByLabel('Año de nacimiento hasta').fill('');
  await choose(page, 'Estado', 'Inactiva');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Categoría Sub-20 actualizada')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, 'Sub-20').getByText('desde 2006')).toBeVisible();
  await expect(row(page, 'Sub-20').getByText('Inactiva')).toBeVisible();

  // Delete it, after confirming.
  await page.getByRole('button', { name: 'Eliminar Sub-20' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar la categoría Sub-20?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'Eliminar Sub-20');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Categoría eliminada')).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Sub-20', exact: true })).toHaveCount(0);
  await expect(grid.getByRole('gridcell', { name: 'Sub-10', exact: true })).toBeVisible();
});

test('on a phone each category is a card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/categories');
  const cards = page.getByRole('list', { name: 'Categorías del club' });
  await expect(cards.getByRole('listitem')).toHaveCount(DEMO_CATEGORIES.length);
  const sub10 = cards.getByRole('listitem').filter({ hasText: 'Sub-10' });
  await expect(sub10.getByRole('button', { name: 'Editar Sub-10' })).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectAccessible(page, 'Categorías on a phone');
});
