import { logIn, logInAs, DEMO_PASSWORD } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

test('a deep link asks for login and comes back to it after login', async ({ page }) => {
  // axe over the players grid alone took 16 s with both browser workers busy.
  test.slow();
  await page.goto('/home/players?estado=activos');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expectAccessible(page, 'the login page');
  await logIn(page, 'propietario@demo.club', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home\/players\?estado=activos$/);
  await expect(page.getByRole('heading', { name: 'Jugadores', level: 1 })).toBeVisible();
  await expectAccessible(page, 'Jugadores in the shell');
});

test('a user without a club is kept on /home/club-team, with the club items greyed', async ({
  page,
}) => {
  await logInAs(page, 'sinclub@demo.club');
  await expect(page).toHaveURL(/\/home\/dashboard$/);

  await page.goto('/home/players');
  await expect(page).toHaveURL(/\/home\/club-team$/);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  for (const label of ['Categorías', 'Jugadores', 'Pagos', 'Cobros']) {
    await expect(
      menu.getByText(label, { exact: true }).locator('xpath=ancestor::*[@aria-disabled="true"][1]'),
    ).toHaveCount(1);
  }
  await expectAccessible(page, 'club-team without a club, the club items greyed');
  await menu.getByText('Jugadores', { exact: true }).click({ force: true });
  await expect(page).toHaveURL(/\/home\/club-team$/);
});

test('a new user without onboarding lands on /onboarding/default', async ({ page }) => {
  await logInAs(page, 'nuevo@demo.club');
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await expect(page.getByText('Configuración inicial')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectAccessible(page, 'the onboarding of a new user');
  // The wizard's layout has its own landmarks: one main, one page title.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración inicial');

  await page.goto('/home/dashboard');
  await expect(page).toHaveURL(/\/onboarding\/default$/);
});

test('onboarding pages send a user who completed it to the dashboard of their role', async ({
  page,
}) => {
  const cases = [
    ['padre@demo.club', /\/home\/parent-dashboard$/],
    ['jugador@demo.club', /\/home\/player-dashboard$/],
    ['propietario@demo.club', /\/home\/dashboard$/],
    ['admin@demo.club', /\/admin\/dashboard$/],
  ] as const;
  for (const [email, target] of cases) {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInAs(page, email);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(target);
  }
});

test('an unknown path inside /home shows the not-found page', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectAccessible(page, 'the not-found page in the shell');
  // Drawn inside the shell's main area, it does not open a second main landmark.
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('the trainer opening /home/categories by URL is refused inside the shell', async ({
  page,
}) => {
  await logInAs(page, 'entrenador@demo.club');
  await page.goto('/home/categories');
  await expect(page).toHaveURL(/\/home\/categories$/);
  await expect(page.getByRole('heading', { name: 'No tienes permiso', level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Jugadores' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Categorías' })).toHaveCount(0);
});
