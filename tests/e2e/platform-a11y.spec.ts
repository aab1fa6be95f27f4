import { logInAs } from './support/accounts';
import { expectAccessible, openSettled, settled } from './support/axe';
import { expect, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

/*
 * Issue #17's pages under axe (WCAG 2.1 AA, the rules of support/axe.ts) on a desktop and
 * on a phone: the public site and the super admin's Sistema pages (each person's account
 * and the club's subscription are in the roles' walks of screens-a11y.spec.ts). Then the
 * keyboard alone through the public header and the contact form.
 */

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** A published post of the demo seed (server/db/seed/demo-blog.ts). */
const DEMO_POST = '/blog/cinco-claves-para-cobrar-la-mensualidad-a-tiempo';

const PUBLIC_PAGES = [
  '/',
  '/blog',
  DEMO_POST,
  '/pricing',
  '/contact',
  '/terminos',
  '/privacidad',
  '/centro-ayuda',
  '/about',
];

/** Each Sistema page with the tabs it has besides the first one. */
const SYSTEM_PAGES: { path: string; tabs: string[] }[] = [
  { path: '/home/admin/system', tabs: ['Usuarios', 'Auditoría'] },
  { path: '/home/admin/analytics', tabs: [] },
  { path: '/home/admin/reports', tabs: [] },
  { path: '/home/admin/communications', tabs: [] },
  { path: '/home/admin/blog', tabs: ['Páginas'] },
  { path: '/home/admin/super-admin-panel', tabs: [] },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    for (const path of PUBLIC_PAGES) {
      test(`the public page ${path} has no serious axe violation`, async ({ page }) => {
        await openSettled(page, path);
        await expectAccessible(page, `${path} at ${viewport.name}`);
      });
    }

    for (const { path, tabs } of SYSTEM_PAGES) {
      test(`the super admin's ${path} has no serious axe violation`, async ({ page }) => {
        await logInAs(page, 'admin@demo.club');
        await openSettled(page, path);
        await expectAccessible(page, `${path} at ${viewport.name}`);
        for (const name of tabs) {
          await page.getByRole('tab', { name }).click();
          await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
          await settled(page);
          await expectAccessible(page, `${path}, tab ${name}, at ${viewport.name}`);
        }
      });
    }

    test("the Sistema pages' drawer and editors have no serious axe violation", async ({
      page,
    }) => {
      await logInAs(page, 'admin@demo.club');
      await openSettled(page, '/home/admin/system');
      await page.getByRole('tab', { name: 'Usuarios' }).click();
      await page
        .getByRole('button', { name: /^Clubes de / })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: /^Clubes de / });
      await expect(drawer.getByRole('heading', { name: /^Clubes de / })).toBeVisible();
      await settled(page);
      await expectAccessible(page, `a user's clubs drawer at ${viewport.name}`);
      await drawer.getByRole('button', { name: 'Cerrar' }).click();

      await openSettled(page, '/home/admin/blog');
      await page.getByRole('button', { name: 'Nueva entrada' }).click();
      const editor = page.getByRole('dialog', { name: 'Nueva entrada' });
      await editor.getByLabel('Contenido (Markdown)').fill('## Fechas\n\nTexto de **prueba**.');
      // The preview is drawn (beside the text on a desktop, behind its tab on a phone).
      await expect(
        editor.getByRole('heading', { name: 'Fechas', includeHidden: true }),
      ).toBeAttached();
      await expectAccessible(page, `the new post editor at ${viewport.name}`);
    });
  });
}

test('the public header and the contact form work with Tab and Enter alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('navigation', { name: 'Sitio' });

  // The first Tab reaches the skip link; Enter moves the focus to the page's <main>.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Every header link is reached by Tab, in reading order, and Enter follows it.
  await page.goto('/');
  await tabTo(page, header.getByRole('link', { name: 'Precios' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Planes y precios' })).toBeVisible();
  await tabTo(page, header.getByRole('link', { name: 'Centro de ayuda' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/centro-ayuda$/);

  // The footer's Contacto, then the form filled and sent from the keyboard.
  const footer = page.getByRole('contentinfo');
  await tabTo(page, footer.getByRole('link', { name: 'Contacto', exact: true }), { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact$/);
  await tabTo(page, page.getByRole('textbox', { name: 'Nombre' }));
  await page.keyboard.type('Marta Ríos');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeFocused();
  await page.keyboard.type('marta.rios@ejemplo.co');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Asunto (opcional)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Mensaje' })).toBeFocused();
  await page.keyboard.type('Quiero una demostración para mi escuela de fútbol.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(/Recibimos tu mensaje|Gracias/);
});

// The checker itself: a serious violation put into a page fails it, named with its element
// (support/axe.ts gathers the violations alone, and must still find them all).
test('a serious violation fails the check, with the rule and its element', async ({ page }) => {
  await openSettled(page, '/about');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.id = 'sin-texto-alternativo';
    image.src = '/favicon.ico';
    document.querySelector('main')!.append(image);
  });
  await expect(expectAccessible(page, 'about with an image without alt')).rejects.toThrow(
    /image-alt \(critical\)[\s\S]*#sin-texto-alternativo/,
  );
});

// …and holds the page to WCAG 2.1 AA's rules only: a finding of axe's best practices alone
// (a dialog without a name: aria-dialog-name) does not fail it.
test('only the WCAG 2.1 AA rules are checked, not best practices', async ({ page }) => {
  await openSettled(page, '/about');
  await page.evaluate(() => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.textContent = 'Un diálogo sin nombre';
    document.querySelector('main')!.append(dialog);
  });
  await expectAccessible(page, 'about with an unnamed dialog');
});
