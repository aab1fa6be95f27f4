import { type Page } from '@playwright/test';
import { logInAs, logOut } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

const clubLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name });

async function createClub(page: Page, name: string) {
  await page.goto('/home/club-team');
  await expect(page.getByRole('heading', { name: 'Club / Equipo', level: 1 })).toBeVisible();
  await expectAccessible(page, 'club-team');
  await page.getByRole('link', { name: 'Crear club' }).first().click();
  await expect(page).toHaveURL(/\/home\/create-club-team$/);
  await expect(page.getByRole('heading', { name: 'Crear club / equipo' })).toBeVisible();
  await expectAccessible(page, 'the create club form');
  await page.getByLabel('Nombre del club').fill(name);
  await page.getByRole('button', { name: 'Crear club' }).click();
  await expect(page.getByText('Club creado')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/club-team$/);
  await expectAccessible(page, 'club-team with the new club and its message');
}

test('an owner creates a second club, works in it and switches back', async ({ page }) => {
  const name = `Club Atlético Norte ${Date.now().toString(36)}`;
  await logInAs(page, 'propietario@demo.club');
  await createClub(page, name);

  // The new club is the one being worked in.
  await expect(clubLink(page, name)).toBeVisible();

  const demoCard = page.getByRole('article').filter({ hasText: 'Club Deportivo Demo' });
  await demoCard.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(clubLink(page, 'Club Deportivo Demo')).toBeVisible();
  await page.reload();
  await expect(clubLink(page, 'Club Deportivo Demo')).toBeVisible();
  await logOut(page);

  // Staff of the demo club do not see the owner's other club.
  await logInAs(page, 'entrenador@demo.club');
  await page.goto('/home/club-team');
  await expect(page.getByRole('heading', { name: 'Club / Equipo', level: 1 })).toBeVisible();
  await expect(page.getByText('Club Deportivo Demo').first()).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expectAccessible(page, "club-team as the club's trainer");
});

test('the club form shows the rules in Spanish before calling the server', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/create-club-team');
  await page.getByRole('button', { name: 'Crear club' }).click();
  await expect(page.getByText('El nombre del club es obligatorio')).toBeVisible();
  await expectAccessible(page, 'the create club form with its errors');
});
