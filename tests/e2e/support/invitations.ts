import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { latestMailTo } from './mail';

/** The club link of the top bar (the selected club's name). */
export const clubLink = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name });

/** A second browser (its own storage and cookies) that has already seen the welcome overlay. */
export async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('hasSeenOverlay', 'true'));
  return context.newPage();
}

export async function createClub(page: Page, name: string) {
  await page.goto('/home/create-club-team');
  await expect(page.getByRole('heading', { name: 'Crear club / equipo' })).toBeVisible();
  await page.getByLabel('Nombre del club').fill(name);
  await page.getByRole('button', { name: 'Crear club' }).click();
  await expect(page.getByText('Club creado')).toBeVisible();
  await expect(clubLink(page, name)).toBeVisible();
}

export async function selectClub(page: Page, name: string) {
  await page.goto('/home/club-team');
  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(clubLink(page, name)).toBeVisible();
}

/** Invites `email` into `role` of the selected club; returns the /invitation/{token} path. */
export async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.goto('/home/admin/users-roles');
  await expect(page.getByRole('heading', { name: 'Asignación de Roles a Usuarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Correo').fill(email);
  await dialog.getByLabel('Rol').click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText(`Le enviamos un correo a ${email}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  const mail = latestMailTo(email);
  expect(mail, `an invitation mail to ${email}`).toBeDefined();
  const link = mail!.text.match(/https?:\/\/\S+\/invitation\/[0-9a-f]{64}/)?.[0];
  expect(link, 'the invitation link in the mail').toBeDefined();
  return new URL(link!).pathname;
}

/** On an open invitation page, signed out: creates the invited account and accepts. */
export async function acceptAsNewPerson(
  page: Page,
  person: { name: string; lastname: string; password: string },
  { consent = false }: { consent?: boolean } = {},
) {
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido', { exact: true }).fill(person.lastname);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
  // A guardian invitation asks for the data-processing consent first (issue #15).
  if (consent) await page.getByRole('checkbox', { name: /Acepto la autorización/ }).check();
  await page.getByRole('button', { name: 'Aceptar invitación' }).click();
}
