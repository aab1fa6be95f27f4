import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expect, test } from './support/fixtures';

const APP = 'Gestión deportiva';
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('each public page and the sign-in pages have a title of their own', async ({ page }) => {
  const pages: [string, string][] = [
    // The public site's pages name themselves (usePageMeta), the others by their route.
    ['/', `Software para clubes deportivos · ${APP}`],
    ['/pricing', `Precios · ${APP}`],
    ['/blog', `Blog · ${APP}`],
    ['/login', `Iniciar sesión · ${APP}`],
    ['/register', `Crear cuenta · ${APP}`],
    ['/forgot-password', `Recuperar contraseña · ${APP}`],
    ['/esta-pagina-no-existe', `Página no encontrada · ${APP}`],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  // Leaving a page that named itself: the next page's title, not the one before it.
  await page.goto('/pricing');
  await expect(page).toHaveTitle(`Precios · ${APP}`);
  await page.getByRole('link', { name: 'Ingresar' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(`Iniciar sesión · ${APP}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Precios · ${APP}`);
});

test('the title follows the pages of the shell, the not-found page included', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(page).toHaveTitle(`Dashboard · ${APP}`);
  await mainMenu(page).getByRole('link', { name: 'Jugadores' }).click();
  await expect(page).toHaveURL(/\/home\/players$/);
  await expect(page).toHaveTitle(`Jugadores · ${APP}`);
  await mainMenu(page).getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveTitle(`Categorías · ${APP}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Jugadores · ${APP}`);
  await page.goto('/home/no-existe');
  await expect(page).toHaveTitle(`Página no encontrada · ${APP}`);
});

test('the page links a favicon the server really has', async ({ page, request }) => {
  await page.goto('/login');
  const svgIcon = page.locator('link[rel="icon"][type="image/svg+xml"]');
  await expect(svgIcon).toHaveAttribute('href', '/favicon.svg');
  const icons = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(icons).toEqual(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png']);
  for (const href of icons) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toMatch(/^image\//);
  }
});
