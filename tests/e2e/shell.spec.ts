import type { Page } from '@playwright/test';
import { logInAs, logOut } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, serverTest as plainTest, test } from './support/fixtures';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('the top bar shows the selected club and the user, and links the club to club-team', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(page.getByText('Pedro Propietario')).toBeVisible();
  await expectAccessible(page, "the owner's dashboard in the shell");
  await page.getByRole('link', { name: 'Club Deportivo Demo' }).click();
  await expect(page).toHaveURL(/\/home\/club-team$/);
  await expect(mainMenu(page).getByRole('link', { name: 'Club / Equipo' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the owner sees Administración; the trainer does not', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(mainMenu(page).getByText('Administración', { exact: true })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Gestión de Roles' })).toBeVisible();
  await expect(mainMenu(page).getByText('Sistema', { exact: true })).toHaveCount(0);
  await logOut(page);

  await logInAs(page, 'entrenador@demo.club');
  await expect(mainMenu(page).getByRole('link', { name: 'Jugadores' })).toBeVisible();
  await expectAccessible(page, "the trainer's dashboard in the shell");
  await expect(mainMenu(page).getByText('Administración', { exact: true })).toHaveCount(0);
  await expect(mainMenu(page).getByRole('link', { name: 'Gestión de Roles' })).toHaveCount(0);
});

test('the super admin sees the Sistema section and Super Administración', async ({ page }) => {
  await logInAs(page, 'admin@demo.club');
  const menu = mainMenu(page);
  await expect(menu.getByText('Super Administración', { exact: true })).toBeVisible();
  await expect(menu.getByText('Sistema', { exact: true })).toBeVisible();
  for (const label of [
    'Administración del Sistema',
    'Análisis Global',
    'Reportes del Sistema',
    'Comunicaciones Masivas',
    'Gestión Web y Blog',
    'Panel Super Admin',
  ]) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await expectAccessible(page, "the super admin's dashboard in the shell");
  await menu.getByRole('link', { name: 'Panel Super Admin' }).click();
  await expect(page).toHaveURL(/\/home\/admin\/super-admin-panel$/);
  await expectAccessible(page, 'Panel Super Admin');
});

test('compact mode hides the labels and survives a reload', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(mainMenu(page).getByText('Parametrización')).toBeVisible();
  await page.getByRole('button', { name: 'Contraer menú' }).click();
  await expect(mainMenu(page).getByText('Parametrización')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expandir menú' })).toBeVisible();
  await expect(mainMenu(page).getByText('Parametrización')).toHaveCount(0);
  await expectAccessible(page, 'the compact sidebar');
  await page.getByRole('button', { name: 'Expandir menú' }).click();
  await expect(mainMenu(page).getByText('Parametrización')).toBeVisible();
});

test('on a phone the menu is a drawer titled "Menú de navegación"', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'propietario@demo.club');
  await expect(page.getByRole('heading', { name: 'Menú de navegación' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menú de navegación' }).click();
  await expect(page.getByRole('heading', { name: 'Menú de navegación' })).toBeVisible();
  await expectAccessible(page, 'the phone drawer');
  await page.getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/home\/categories$/);
  await expect(page.getByRole('heading', { name: 'Menú de navegación' })).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'a page of the shell on a phone');
});

test('hovering a menu item loads its page before the click', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await mainMenu(page).getByRole('link', { name: 'Calendario' }).hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

test('logging out from another tab leaves a public page where it is', async ({ context }) => {
  const staff = await context.newPage();
  await logInAs(staff, 'contador@demo.club');
  const landing = await context.newPage();
  await landing.goto('/');
  const terms = await context.newPage();
  await terms.goto('/terminos');
  await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(terms.getByRole('main')).toHaveCount(1);
  await expectAccessible(terms, 'a public page (/terminos)');

  await logOut(staff);
  await expect(staff).toHaveURL(/\/login$/);
  await expect(terms).toHaveURL(/\/login$/);
  await expect(landing).toHaveURL(/\/$/);
  await expect(
    landing.getByRole('heading', { name: 'Tu club deportivo, organizado en un solo lugar' }),
  ).toBeVisible();
  await expectAccessible(landing, 'the landing page');
  await expect(landing.getByRole('main')).toHaveCount(1);
});

test('the help button opens WhatsApp and the upgrade dialog only records the request', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  const help = page.getByRole('link', { name: '¿Necesitas ayuda? Escríbenos' });
  await expect(help).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.+/);

  await page.getByRole('button', { name: 'Actualizar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Actualizar a Pro' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the upgrade dialog');
  await dialog.getByRole('button', { name: 'Solicitar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home\/dashboard$/);
});

test('at 1280×800 the owner sees the whole upgrade card without scrolling the sidebar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, 'propietario@demo.club');
  const button = page.getByRole('button', { name: 'Actualizar', exact: true });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  const paper = page.locator('.MuiDrawer-paper').first();
  const overflow = await paper.evaluate((element) => element.scrollHeight - element.clientHeight);
  expect(overflow).toBeLessThanOrEqual(0);
});

plainTest('the welcome overlay shows once, after the first login', async ({ page }) => {
  await logInAs(page, 'jugador@demo.club');
  const overlay = page.getByRole('dialog', { name: '¡Bienvenido a Gestión deportiva!' });
  await expect(overlay).toBeVisible();
  await expectAccessible(page, 'the welcome overlay');
  await overlay.getByRole('button', { name: 'Comenzar' }).click();
  await expect(overlay).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await logOut(page);
  await logInAs(page, 'jugador@demo.club');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});

test('the skip link is the first Tab stop and takes the focus to the main content', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/home\/dashboard$/);
});

test('the keyboard opens the user menu and reaches Cerrar Sesión', async ({ page }) => {
  await logInAs(page, 'propietario@demo.club');
  const button = page.getByRole('button', { name: 'Menú de usuario' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Mi Cuenta' })).toBeFocused();
  await expectAccessible(page, 'the user menu');
  const logout = menu.getByRole('menuitem', { name: 'Cerrar Sesión', exact: true });
  for (
    let step = 0;
    step < 4 && !(await logout.evaluate((el) => el === document.activeElement));
    step++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('with reduced motion asked, the user menu opens without moving; otherwise it grows', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  const button = page.getByRole('button', { name: 'Menú de usuario' });
  const menu = page.getByRole('menu');
  /** The longest transition or animation the menu's opening started, in ms. */
  const openingMotion = async () => {
    await button.click();
    // The menu's own: its paper grows, its list fades (not a skeleton elsewhere on the page).
    const longest = await menu.evaluate((list) =>
      Math.max(
        0,
        ...document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target && (target.contains(list) || list.contains(target));
          })
          .map((animation) => Number(animation.effect?.getTiming().duration)),
      ),
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return longest;
  };

  // playwright.config.ts asks for reduced motion, as a person's device setting would.
  expect(await openingMotion()).toBeLessThan(1);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await openingMotion()).toBeGreaterThan(100);
});
