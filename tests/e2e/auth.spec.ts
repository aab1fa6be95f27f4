import { logIn, logOut, newPerson, register } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { latestMailTo, linkIn } from './support/mail';

test('a new person registers, logs out and logs in again', async ({ page }) => {
  const person = newPerson();
  await register(page, person);

  // A new account has no club and has not done the onboarding yet.
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await expect(page.getByRole('heading', { name: 'Configuración inicial' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeTruthy();
  await expectAccessible(page, 'the onboarding after registering');

  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await expect(page.getByText('Configurando tu cuenta como Propietario del Club')).toBeVisible();
});

test("registering an e-mail that exists shows the server's field error", async ({ page }) => {
  await register(page, { ...newPerson(), email: 'propietario@demo.club' });
  await expect(page.getByLabel('Correo electrónico')).toHaveAccessibleDescription(
    'El correo ya está registrado',
  );
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page, "the register form with the server's field error");
});

test('a wrong password is refused with "Credenciales inválidas"', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'propietario@demo.club', 'NoEsLaClave1');
  await expect(page.getByRole('alert')).toContainText('Credenciales inválidas');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'the login form with its error alert');
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
});

test('the login form rejects bad input before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('El correo no es válido')).toBeVisible();
  await expectAccessible(page, 'the login form with a field error');
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  const person = newPerson();
  await register(page, person);
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page, 'the forgot-password form');
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('alert')).toContainText('te enviamos un enlace');
  await expectAccessible(page, 'the forgot-password form, link sent');

  let mail: ReturnType<typeof latestMailTo>;
  await expect.poll(() => (mail = latestMailTo(person.email))).toBeTruthy();
  const link = linkIn(mail!, '/reset-password');
  expect(link.searchParams.get('email')).toBe(person.email);

  const newPassword = 'Porteria2027';
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
  await expectAccessible(page, 'the reset-password form');
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByLabel('Confirmar contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('Tu contraseña fue restablecida');
  await expectAccessible(page, 'the reset-password form, done');

  // The link is single-use.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nueva contraseña').fill('OtraClave2028');
  await page.getByLabel('Confirmar contraseña').fill('OtraClave2028');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText('no es válido o ha expirado')).toBeVisible();
  await expectAccessible(page, 'the reset-password form with a used link');

  await page.goto('/login');
  await logIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toContainText('Credenciales inválidas');
  await logIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/onboarding\/default$/);
});

test('logging out in one tab logs out the other tab', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/login');
  await logIn(first, 'entrenador@demo.club', 'Demo1234!');
  await expect(first).toHaveURL(/\/home\/dashboard$/);

  const second = await context.newPage();
  await second.goto('/home/dashboard');
  await expect(second.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  await expectAccessible(second, 'the dashboard in the shell');

  await logOut(first);
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});

test('logging in in one tab logs in the other tab', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/login');
  await second.goto('/login');

  await logIn(first, 'contador@demo.club', 'Demo1234!');
  await expect(first).toHaveURL(/\/home\/dashboard$/);
  await expect(second).toHaveURL(/\/home\/dashboard$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectAccessible(page, 'the public not-found page');
  await expect(page.getByRole('main')).toHaveCount(1);
});
