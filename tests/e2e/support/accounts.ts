import { expect, type Page } from '@playwright/test';
import { PRIVACY_POLICY_VERSION, TERMS_VERSION } from '../../../contract/auth.schema';

/** The acceptances a sign-up through the API sends (issue #33 item 8). */
export const SIGN_UP_CONSENT = {
  accept_terms: true,
  terms_version: TERMS_VERSION,
  accept_data_policy: true,
  data_policy_version: PRIVACY_POLICY_VERSION,
} as const;

let sequence = 0;

/** A person nobody registered yet (unique across retries and runs on the same database). */
export function newPerson() {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return {
    name: 'Lucía',
    lastname: 'Gómez',
    email: `lucia.${id}@ejemplo.co`,
    password: 'Cancha2026',
  };
}

export async function register(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto('/register');
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido', { exact: true }).fill(person.lastname);
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
  await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
  await page.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The demo accounts of the seed (server/db/seed/demo-accounts.ts); all share one password. */
export const DEMO_PASSWORD = 'Demo1234!';

/** Opens /login and signs in as a demo account; waits until the login page is gone. */
export async function logInAs(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await logIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Logs out through the user menu of the top bar, or the onboarding header's button, and
 * waits until the session is gone: a `goto('/login')` any sooner finds the session still
 * there and is sent back home (the next logInAs then types into a form being removed).
 */
export async function logOut(page: Page) {
  const userMenu = page.getByRole('button', { name: 'Menú de usuario' });
  const onboardingLogout = page.getByRole('button', { name: 'Cerrar Sesión' });
  await expect(userMenu.or(onboardingLogout)).toBeVisible();
  if (await onboardingLogout.isVisible()) {
    await onboardingLogout.click();
  } else {
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
}
