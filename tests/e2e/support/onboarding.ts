import { expect, type Page } from '@playwright/test';

/*
 * The onboarding wizard's steps as a person fills them (tests/e2e/onboarding.spec.ts and
 * the invitation tests, whose new accounts go through their role's flow).
 */

export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name });
export const saveStep = (page: Page) =>
  page.getByRole('button', { name: 'Guardar y continuar' }).click();

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A document number nobody else registered: CC takes 6 to 10 digits. */
const uniqueDocument = () => String(Date.now()).slice(-10).replace(/^0/, '1');

export async function fillProfile(page: Page) {
  await expect(stepHeading(page, 'Tus datos')).toBeVisible();
  // Registration already told the server the name.
  await expect(page.getByLabel('Nombre', { exact: false }).first()).toHaveValue('Lucía');
  await page.getByRole('textbox', { name: 'Teléfono' }).fill('300 123 4567');
  // The date field types section by section (DD/MM/AAAA).
  const birthDate = page.getByRole('group', { name: /Fecha de nacimiento/ });
  await birthDate.getByRole('spinbutton').first().click();
  await page.keyboard.type('15031990');
  await choose(page, 'Género', 'Femenino');
  await saveStep(page);
}

export async function fillDocument(page: Page) {
  await expect(stepHeading(page, 'Documento de identidad')).toBeVisible();
  await choose(page, 'Tipo de documento', 'Cédula de ciudadanía');
  await page.getByRole('textbox', { name: 'Número de documento' }).fill(uniqueDocument());
  await saveStep(page);
}

export async function fillClub(page: Page, name: string) {
  await expect(stepHeading(page, 'Tu club')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre del club' }).fill(name);
  await choose(page, 'Deporte', 'Fútbol');
  await expect(page.getByRole('combobox', { name: /^País/ })).toHaveText(/Colombia/);
  await choose(page, 'Departamento', 'Antioquia');
  const city = page.getByRole('combobox', { name: /^Ciudad/ });
  await city.fill('Medell');
  await page.getByRole('option', { name: 'Medellín', exact: true }).click();
  await saveStep(page);
}
