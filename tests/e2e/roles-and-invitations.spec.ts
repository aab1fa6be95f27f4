import type { Page } from '@playwright/test';
import { logInAs, newPerson } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  acceptAsNewPerson,
  clubLink,
  createClub,
  invite,
  secondBrowser,
  selectClub,
} from './support/invitations';

/*
 * Issue #4 end to end: two clubs with overlapping staff, per-club role permissions and
 * invitations accepted in a second browser. The demo trainer ends up working in a second
 * club; the test restores that club's defaults so later specs see the usual trainer.
 */

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** Sets one checkbox of the Gestión de Roles matrix for `role` and saves the role. */
async function setRolePermission(page: Page, role: string, label: string, checked: boolean) {
  await page.goto('/home/admin/roles');
  await expect(page.getByRole('heading', { name: 'Gestión de Roles' })).toBeVisible();
  await page.getByRole('tab', { name: role, exact: true }).click();
  const box = page.getByRole('checkbox', { name: `${role}: ${label}` });
  await expect(box).toBeVisible();
  await expectAccessible(page, `Gestión de Roles, ${role}`);
  await box.setChecked(checked);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(`Permisos de ${role} guardados`)).toBeVisible();
  await expectAccessible(page, `Gestión de Roles, ${role} saved`);
}

test('an owner invites a trainer of another club and narrows the role in one club only', async ({
  page: owner,
  browser,
}) => {
  // Two browsers and an accessibility check on each screen: give it the time of three tests.
  test.slow();
  const clubName = `Club Los Andes ${Date.now().toString(36)}`;
  await logInAs(owner, 'propietario@demo.club');
  await createClub(owner, clubName);
  const invitationPath = await invite(owner, 'entrenador@demo.club', 'Entrenador');

  // The trainer accepts in another browser, signed in with the invited account.
  const trainer = await secondBrowser(browser);
  await logInAs(trainer, 'entrenador@demo.club');
  await trainer.goto(invitationPath);
  await expect(trainer.getByText(clubName).first()).toBeVisible();
  await expectAccessible(trainer, 'the invitation, signed in as the invited person');
  await trainer.getByRole('button', { name: 'Aceptar invitación' }).click();
  await expect(trainer.getByText(`Ya eres parte de ${clubName}`).first()).toBeVisible();
  await expectAccessible(trainer, 'the invitation, accepted');
  await expect(clubLink(trainer, clubName)).toBeVisible();
  await expect(mainMenu(trainer).getByRole('link', { name: 'Jugadores' })).toBeVisible();

  // The new club's grid lists its two people and nobody of the demo club.
  await owner.goto('/home/admin/users-roles');
  const grid = owner.getByRole('grid');
  await expect(grid.getByText('entrenador@demo.club')).toBeVisible();
  await expect(grid.getByText('propietario@demo.club')).toBeVisible();
  await expect(grid.getByText('contador@demo.club')).toHaveCount(0);
  await expectAccessible(owner, 'Asignación de Roles a Usuarios');

  // The owner takes 'Jugadores · Ver' away from trainers of the new club.
  await setRolePermission(owner, 'Entrenador', 'Jugadores · Ver', false);
  await trainer.reload();
  await expect(clubLink(trainer, clubName)).toBeVisible();
  await expect(mainMenu(trainer).getByRole('link', { name: 'Calendario' })).toBeVisible();
  await expect(mainMenu(trainer).getByRole('link', { name: 'Jugadores' })).toHaveCount(0);
  // Nor may the trainer open the administration pages.
  await trainer.goto('/home/admin/roles');
  await expect(trainer.getByText('No tienes permiso').first()).toBeVisible();
  await expectAccessible(trainer, 'Gestión de Roles refused to a trainer');

  // In the demo club the same person keeps the default trainer permissions.
  await selectClub(trainer, 'Club Deportivo Demo');
  await expect(mainMenu(trainer).getByRole('link', { name: 'Jugadores' })).toBeVisible();

  // And the demo club's own grid shows its accountant, not the new club's settings.
  await selectClub(owner, 'Club Deportivo Demo');
  await owner.goto('/home/admin/users-roles');
  // The demo club has 125 people: find the accountant by search rather than on page one.
  await owner.getByLabel('Buscar por nombre o correo').fill('contador');
  await expect(owner.getByRole('grid').getByText('contador@demo.club')).toBeVisible();

  // Restore the new club's default so later specs log the trainer into a usual trainer role.
  await selectClub(owner, clubName);
  await setRolePermission(owner, 'Entrenador', 'Jugadores · Ver', true);
  await trainer.context().close();
});

test('an invitation opened in another browser creates the account and grants the role', async ({
  page: owner,
  browser,
}) => {
  // Two browsers and an accessibility check on each screen: give it the time of three tests.
  test.slow();
  const clubName = `Club Ribera ${Date.now().toString(36)}`;
  const person = newPerson();
  await logInAs(owner, 'propietario@demo.club');
  await createClub(owner, clubName);
  const invitationPath = await invite(owner, person.email, 'Contador');

  const guest = await secondBrowser(browser);
  await guest.goto(invitationPath);
  await expect(guest.getByText(clubName).first()).toBeVisible();
  await expect(guest.getByText(person.email).first()).toBeVisible();
  await expectAccessible(guest, 'the invitation, signed out');
  await acceptAsNewPerson(guest, person);
  // A new account goes through its role's onboarding first.
  await expect(guest).toHaveURL(/\/onboarding\/contador$/);

  // The link works once.
  await guest.goto(invitationPath);
  await expect(guest.getByText('Esta invitación ya fue respondida')).toBeVisible();
  await expectAccessible(guest, 'the invitation, already answered');
  await guest.context().close();

  await owner.goto('/home/admin/users-roles');
  const row = owner.getByRole('row').filter({ hasText: person.email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Contador')).toBeVisible();

  // The new person can sign in with the password they chose.
  const again = await secondBrowser(browser);
  await again.goto('/login');
  await again.getByLabel('Correo electrónico').fill(person.email);
  await again.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await again.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(again).toHaveURL(/\/onboarding\/contador$/);
  await again.context().close();
});

test('the dialogs of Asignación de Roles a Usuarios pass the accessibility check', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/admin/users-roles');
  await expect(page.getByRole('heading', { name: 'Asignación de Roles a Usuarios' })).toBeVisible();

  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  const invite = page.getByRole('dialog');
  await expect(invite.getByLabel('Correo')).toBeVisible();
  await expectAccessible(page, 'the invite dialog');
  await invite.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(invite.getByLabel('Correo')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the invite dialog with its errors');
  await invite.getByRole('button', { name: 'Cancelar' }).click();
  await expect(invite).toBeHidden();

  await page
    .getByRole('button', { name: /^Cambiar roles de/ })
    .first()
    .click();
  const roles = page.getByRole('dialog', { name: /^Roles de/ });
  await expect(roles).toBeVisible();
  await expectAccessible(page, 'the member roles dialog');
  await roles.getByRole('button', { name: 'Cancelar' }).click();
  await expect(roles).toBeHidden();
});

test('on a phone the roles matrix scrolls sideways from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/admin/roles');
  const region = page.getByRole('region', { name: /^Tabla de permisos de/ });
  await expect(region).toBeVisible();
  await expectAccessible(page, 'Gestión de Roles on a phone');
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
