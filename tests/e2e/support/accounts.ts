import type { Page } from '@playwright/test';

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
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}
