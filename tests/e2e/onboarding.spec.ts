import { type Page } from '@playwright/test';
import { newPerson, register } from './support/accounts';
import { expect, test } from './support/fixtures';

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const saveStep = (page: Page) => page.getByRole('button', { name: 'Guardar y continuar' }).click();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A document number nobody else registered: CC takes 6 to 10 digits. */
const uniqueDocument = () => String(Date.now()).slice(-10).replace(/^0/, '1');

async function fillProfile(page: Page) {
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

async function fillDocument(page: Page) {
  await expect(stepHeading(page, 'Documento de identidad')).toBeVisible();
  await choose(page, 'Tipo de documento', 'Cédula de ciudadanía');
  await page.getByRole('textbox', { name: 'Número de documento' }).fill(uniqueDocument());
  await saveStep(page);
}

async function fillClub(page: Page, name: string) {
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

test('a new person opens their club through the onboarding and lands on the dashboard in it', async ({
  page,
}) => {
  const club = `Club Los Andes ${Date.now().toString(36)}`;
  await register(page, newPerson());
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await expect(page.getByRole('heading', { name: 'Configuración inicial' })).toBeVisible();

  await fillProfile(page);
  await fillDocument(page);
  await fillClub(page, club);

  await expect(stepHeading(page, 'Temporada')).toBeVisible();
  await choose(page, 'Mes de inicio de temporada', 'Febrero');
  await choose(page, 'Mes de fin de temporada', 'Noviembre');
  await saveStep(page);

  await expect(stepHeading(page, 'Tu equipo')).toBeVisible();
  await page.getByRole('button', { name: 'Omitir' }).click();
  await page.getByRole('button', { name: 'Finalizar' }).click();

  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('link', { name: club })).toBeVisible();
});

test('a reload in the middle of the onboarding resumes at the next step', async ({ page }) => {
  await register(page, newPerson());
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await fillProfile(page);
  await fillDocument(page);
  await expect(stepHeading(page, 'Tu club')).toBeVisible();

  await page.reload();
  await expect(stepHeading(page, 'Tu club')).toBeVisible();
  await expect(page.getByText('40%')).toBeVisible();
});
