import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  SIGN_UP_CONSENT,
  logIn,
  logInAs,
  logOut,
  newPerson,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { choose } from './support/onboarding';

/*
 * Issue #17 "Done when": a super admin runs the platform from the Sistema pages (sends a
 * mass announcement, suspends a club, publishes a post that appears on /blog), a visitor
 * reads a real landing page and blog, and a person manages their own account. Every club
 * and person here is new, so the demo club the other specs use is never suspended.
 */

/** A new person with a club of their own, made through the API: their token and club. */
async function ownerWithClub(request: APIRequestContext) {
  const person = newPerson();
  const registered = await request.post('/api/register', {
    data: { ...person, password_confirmation: person.password, ...SIGN_UP_CONSENT },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const name = `Club Plataforma ${person.email.slice(6, 14)}`;
  const created = await request.post('/api/pla_club_teams', { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const club = (await created.json()) as { data?: { id: number }; id?: number };
  return { person, headers, name, clubId: club.data?.id ?? club.id! };
}

/** Picks `option` of the select `label` inside `scope` (a dialog). */
const pick = async (page: Page, scope: Locator, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('a super admin announces to a club, suspends it and publishes a post on /blog', async ({
  page,
  request,
  browser,
}) => {
  // Three screens and a visitor's second browser context: past 30 s on a busy machine.
  test.slow();
  const owner = await ownerWithClub(request);
  await logInAs(page, 'admin@demo.club');

  // Comunicaciones Masivas: an announcement to the chosen club, counted before it goes.
  await page.goto('/home/admin/communications');
  await expect(page.getByRole('heading', { name: 'Comunicaciones Masivas' })).toBeVisible();
  const title = `Mantenimiento ${owner.clubId}`;
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Mensaje' })
    .fill('La plataforma estará en mantenimiento el domingo.');
  await page.getByRole('radio', { name: 'Clubes elegidos' }).check();
  await page.getByRole('combobox', { name: 'Clubes' }).fill(owner.name);
  await page.getByRole('option', { name: owner.name }).click();
  await page.getByRole('button', { name: 'Enviar a 1 persona' }).click();
  const ask = page.getByRole('dialog', { name: '¿Enviar a 1 persona?' });
  await ask.getByRole('button', { name: 'Enviar a 1 persona' }).click();
  await expect(ask).toBeHidden();
  const bell = await request.get('/api/notifications/dropdown?limit=5', { headers: owner.headers });
  expect(await bell.text()).toContain(title);

  // Administración del Sistema: the club suspended with a reason; its owner is refused.
  await page.goto('/home/admin/system');
  await page.getByLabel('Buscar por club, propietario o correo').fill(owner.name);
  await page.getByRole('button', { name: `Suspender ${owner.name}` }).click();
  const suspend = page.getByRole('dialog', { name: `¿Suspender ${owner.name}?` });
  await suspend.getByLabel('Motivo').fill('Pago de la plataforma pendiente');
  await suspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(page.getByRole('button', { name: `Reactivar ${owner.name}` })).toBeVisible();
  const refused = await request.get(`/api/pla_club_teams/${owner.clubId}`, {
    headers: owner.headers,
  });
  expect(refused.status()).toBe(423);
  expect(await refused.text()).toContain('Pago de la plataforma pendiente');

  // Gestión Web y Blog: a published post, then read by a visitor without an account.
  await page.goto('/home/admin/blog');
  await page.getByRole('button', { name: 'Nueva entrada' }).click();
  const editor = page.getByRole('dialog', { name: 'Nueva entrada' });
  const postTitle = `Temporada ${owner.clubId}: inscripciones abiertas`;
  await editor.getByLabel('Título').fill(postTitle);
  await pick(page, editor, 'Estado', 'Publicada');
  await editor.getByLabel('Resumen').fill('Todo lo que necesitas para inscribir a tu club.');
  await editor
    .getByLabel('Contenido (Markdown)')
    .fill('## Fechas\n\nLas inscripciones cierran el **30 de enero**.');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(editor).toBeHidden();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/blog');
  await visitor.getByRole('link', { name: postTitle }).click();
  await expect(visitor.getByRole('heading', { name: postTitle, level: 1 })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Fechas' })).toBeVisible();
  await expect(visitor.locator('strong', { hasText: '30 de enero' })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(postTitle));
  await visitor.context().close();
});

test('a visitor reads the landing page, the plans, the legal pages and writes to the club', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Tu club deportivo, organizado en un solo lugar' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear mi club gratis' }).first()).toHaveAttribute(
    'href',
    '/register',
  );
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Planes y precios' })).toBeVisible();
  await page.goto('/privacidad');
  await expect(page.getByText(/Ley 1581 de 2012/).first()).toBeVisible();
  await page.goto('/centro-ayuda');
  await expect(page.getByRole('heading', { name: 'Centro de ayuda' })).toBeVisible();

  await page.goto('/contact');
  await page.getByLabel('Nombre').fill('Marta Ríos');
  await page.getByLabel('Correo electrónico').fill('marta.rios@ejemplo.co');
  await page
    .getByLabel('Mensaje')
    .fill('Quiero saber cómo llevar los pagos de mi escuela de fútbol.');
  await page.getByRole('button', { name: /Enviar/ }).click();
  await expect(page.getByText(/Recibimos tu mensaje|Gracias/).first()).toBeVisible();
});

test('a person changes their phone and their password from Mi Cuenta', async ({ page }) => {
  // The demo account without a club, which only route-guard.spec.ts signs in with (the
  // specs run one at a time): its password is set back at the end.
  const email = 'sinclub@demo.club';
  await logInAs(page, email);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Mi Cuenta' }).click();
  await expect(page).toHaveURL(/\/home\/account$/);
  const phone = `300${String(Date.now()).slice(-7)}`;
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(phone);
  // The profile asks for what onboarding asks: a birth date and a gender.
  const birthDate = page.getByRole('group', { name: /Fecha de nacimiento/ });
  await birthDate.getByRole('spinbutton').first().click();
  await page.keyboard.type('15031990');
  await choose(page, 'Género', 'Femenino');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Perfil guardado').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue(phone);

  const newPassword = 'Porteria2027';
  await page.getByLabel('Contraseña actual').fill(DEMO_PASSWORD);
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  // This device signs in again with the new password; a new login takes it too.
  await expect(page.getByLabel('Contraseña actual')).toHaveValue('');
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, newPassword);
  await expect(page).not.toHaveURL(/\/login$/);

  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const back = await page.request.post('/api/account/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: newPassword, new_password: DEMO_PASSWORD },
  });
  expect(back.ok(), await back.text()).toBe(true);
});
