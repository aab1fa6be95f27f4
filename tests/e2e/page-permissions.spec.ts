import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, logInAs } from './support/accounts';
import { expect, test } from './support/fixtures';

/*
 * Issue #33 item 2, in the browser: the menu and the pages follow what the role may do.
 * Every call a screen makes that the server answers 403 fails these tests
 * (`failOnRefusedCalls`). Each menu page of each demo role is opened with the network
 * watched by the roles' walks of screens-a11y.spec.ts; here, the refusals on purpose.
 */

test.use({ failOnRefusedCalls: true });

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const forbidden = (page: Page) =>
  page.getByRole('heading', { name: 'No tienes permiso', level: 1 });

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Switches the module `slug` on or off as the super admin (the Sistema page's toggle). */
async function setModule(request: APIRequestContext, slug: string, isActive: boolean) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'admin@demo.club')}` };
  const list = await request.get('/api/admin/modules', { headers });
  expect(list.status()).toBe(200);
  const modules = ((await list.json()) as { data: Array<{ id: number; slug: string }> }).data;
  const module = modules.find((each) => each.slug === slug);
  expect(module, `module ${slug}`).toBeTruthy();
  const toggled = await request.put(`/api/admin/modules/${module!.id}/toggle`, {
    headers,
    data: { is_active: isActive },
  });
  expect(toggled.status()).toBe(200);
}

test('the accountant and the guardian open Pagos without a refused call', async ({ page }) => {
  for (const email of ['contador@demo.club', 'padre@demo.club']) {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInAs(page, email);
    await menuOf(page).getByRole('link', { name: 'Pagos' }).click();
    await expect(page).toHaveURL(/\/home\/payments$/);
    await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
});

test('a switched-off module leaves the menu and its pages are refused at once', async ({
  page,
  request,
}) => {
  await setModule(request, 'sessions', false);
  try {
    await logInAs(page, 'entrenador@demo.club');
    const menu = menuOf(page);
    await expect(menu.getByRole('link', { name: 'Jugadores' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Calendario' })).toHaveCount(0);
    await page.goto('/home/calendar');
    // Once the session is back (the menu), the refusal is there at once.
    await expect(menu.getByRole('link', { name: 'Jugadores' })).toBeVisible();
    await expect(forbidden(page)).toBeVisible({ timeout: 1_000 });
    await page.waitForLoadState('networkidle');
  } finally {
    await setModule(request, 'sessions', true);
  }
});

test('the trainer opening a family dashboard by URL is refused at once, with no call', async ({
  page,
}) => {
  await logInAs(page, 'entrenador@demo.club');
  await expect(menuOf(page).getByRole('link', { name: 'Jugadores' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/dashboard/')) calls.push(pathname);
  });
  for (const path of ['/home/parent-dashboard', '/home/player-dashboard']) {
    await page.goto(path);
    // Once the session is back (the menu), the refusal is there at once: no call, no retry.
    await expect(menuOf(page).getByRole('link', { name: 'Jugadores' })).toBeVisible();
    await expect(forbidden(page)).toBeVisible({ timeout: 1_000 });
    await page.waitForLoadState('networkidle');
  }
  expect(calls).toEqual([]);
});
