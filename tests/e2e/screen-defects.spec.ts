import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, logInAs } from './support/accounts';
import { expect, test } from './support/fixtures';

/*
 * Issue #34 item 6, in the browser: the screen defects fixed with API and component tests
 * only. Esc on a filled form dialog asks before it throws the text away; the notification
 * centre counts and pages past 50; the super admin's 'Jugadores' is one figure and the
 * months that billed money count clubs and players; a payment's date and a charge's start
 * default to the club's day (Bogotá), not the browser's UTC one.
 */

const CLUB = 1;

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones/ });

async function openCentre(page: Page): Promise<Locator> {
  // The bell opens its menu once the notifications have loaded (just after the shell).
  await expect(bell(page)).toHaveAccessibleName(/sin leer$/);
  await bell(page).click();
  await page.getByRole('button', { name: 'Ver todas las notificaciones' }).click();
  const centre = page.getByRole('dialog', { name: 'Centro de Notificaciones' });
  await expect(centre.getByRole('list', { name: 'Notificaciones' })).toBeVisible();
  return centre;
}

const tabCount = async (centre: Locator, label: string) =>
  Number(
    /\((\d+)\)/.exec(
      (await centre.getByRole('tab', { name: new RegExp(`^${label}`) }).textContent()) ?? '',
    )?.[1],
  );

/** A date field's sections as shown ('06/12/2026'), without the picker's bidi marks. */
async function shownDate(field: Locator) {
  return ((await field.textContent()) ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');
}

test('Esc on a filled dialog asks before discarding; an untouched one closes at once', async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  const centre = await openCentre(page);
  const open = async () => {
    await centre.getByRole('button', { name: 'Enviar anuncio' }).click();
    const form = page.getByRole('dialog', { name: 'Enviar anuncio', exact: true });
    await expect(form.getByLabel('Título')).toBeVisible();
    return form;
  };
  const ask = page.getByRole('dialog', { name: '¿Descartar los cambios?' });

  // Untouched: Esc closes it, nothing asked.
  let form = await open();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  // Filled: Esc asks; 'Cancelar' keeps the text; 'Descartar cambios' closes.
  form = await open();
  await form.getByLabel('Título').fill('Entrenamiento extra el sábado');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toHaveCount(0);
  await expect(form.getByLabel('Título')).toHaveValue('Entrenamiento extra el sábado');
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(form).toHaveCount(0);
  await expect(centre).toBeVisible();

  // The same on a page's own dialog: a new category.
  await page.goto('/home/categories');
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  const category = page.getByRole('dialog', { name: 'Nueva categoría' });
  await category.getByRole('textbox', { name: /^Nombre/ }).fill('Sub-21');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(category.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Sub-21');
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(category).toHaveCount(0);
});

test('the notification centre counts and pages past 50', async ({ page, request }) => {
  // The super admin announces to the demo club's owners: the owner holds more than 50.
  const admin = await apiToken(request, 'admin@demo.club');
  const batch = Date.now().toString(36);
  for (let index = 1; index <= 51; index += 1) {
    const sent = await request.post(`/api/pla_club_teams/${CLUB}/announcements`, {
      headers: { authorization: `Bearer ${admin}` },
      data: { title: `Aviso ${batch} n.º ${index}`, message: 'Mensaje.', roles: ['owner'] },
    });
    expect(sent.status()).toBe(201);
  }
  const owner = await apiToken(request, 'propietario@demo.club');
  const stats = (
    (await (
      await request.get('/api/notifications/stats', {
        headers: { authorization: `Bearer ${owner}`, 'x-club-id': String(CLUB) },
      })
    ).json()) as { data: { total: number; unread: number } }
  ).data;
  expect(stats.total).toBeGreaterThan(50);

  await logInAs(page, 'propietario@demo.club');
  const centre = await openCentre(page);
  // The tabs say the server's totals, not the 50 loaded.
  expect(await tabCount(centre, 'Todas')).toBe(stats.total);
  expect(await tabCount(centre, 'Sin leer')).toBe(stats.unread);
  expect(await tabCount(centre, 'Leídas')).toBe(stats.total - stats.unread);

  const items = centre.getByRole('list', { name: 'Notificaciones' }).getByRole('listitem');
  await expect(items).toHaveCount(50);
  const more = centre.getByRole('button', { name: 'Cargar más' });
  // 'Cargar más' brings 50 at a time, until the server holds no more.
  for (let loaded = 50; loaded < stats.total; loaded += 50) {
    await more.click();
    await expect(items).toHaveCount(Math.min(loaded + 50, stats.total));
  }
  await expect(more).toHaveCount(0);
  // The oldest one is there and can be scrolled to.
  const last = items.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(items.filter({ hasText: new RegExp(`Aviso ${batch} n\\.º 1(?!\\d)`) })).toHaveCount(
    1,
  );
});

/** '1.234' → 1234. */
const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

/**
 * What a chart's axis tooltip says for month `index` of `months` (the chart's SVG holds no
 * figures): the pointer over that month, then the tooltip's caption (the month) and rows.
 */
async function chartTooltip(
  page: Page,
  title: string,
  index: number,
  months: number,
  scale: 'band' | 'point',
) {
  const chart = page
    .getByRole('figure')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await chart.scrollIntoViewIfNeeded();
  const axis = (await chart
    .locator('.MuiChartsAxis-directionX .MuiChartsAxis-line')
    .boundingBox())!;
  // A point scale puts the first and last months on the drawing area's edges: just inside.
  const x =
    scale === 'band'
      ? axis.x + ((index + 0.5) * axis.width) / months
      : Math.min(
          Math.max(axis.x + (index * axis.width) / (months - 1), axis.x + 2),
          axis.x + axis.width - 2,
        );
  await page.mouse.move(x, axis.y - 30);
  const tooltip = page.locator('.MuiChartsTooltip-table');
  await expect(tooltip).toBeVisible();
  const month = ((await tooltip.locator('caption').textContent()) ?? '').trim();
  const value = async (series: string) =>
    count(
      (await tooltip
        .locator('.MuiChartsTooltip-row')
        .filter({
          has: page.locator('.MuiChartsTooltip-labelCell', { hasText: new RegExp(`^${series}$`) }),
        })
        .locator('.MuiChartsTooltip-valueCell')
        .textContent()) ?? '',
    );
  return { month, value };
}

const tileOf = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'La plataforma' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('p')
    .first();

test("the super admin's 'Jugadores' is one figure, and billing months count clubs and players", async ({
  page,
}) => {
  await logInAs(page, 'admin@demo.club');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Both screens show one kept computation of the platform (analytics.service.ts) and say
  // when it was made: the same instant, the same 'Jugadores'. Other tests add players
  // meanwhile, so a newer computation may come between the two screens (the kept one is
  // at most a minute old): the dashboard then shows that one too.
  const computedAt = page.getByText(/^Cifras calculadas el /);
  const dashboardFigures = async () => {
    const tile = tileOf(page, 'Jugadores');
    await expect(tile).toHaveText(/\d/);
    return { at: await computedAt.textContent(), players: count((await tile.textContent()) ?? '') };
  };
  const dashboard = await dashboardFigures();
  expect(dashboard.players).toBeGreaterThan(0);

  // Análisis Global: the same 'Jugadores'.
  await page.goto('/home/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Análisis Global' })).toBeVisible();
  const kpi = page.getByText('Jugadores', { exact: true }).locator('xpath=following-sibling::p[1]');
  await expect(kpi).toHaveText(/\d/);
  const global = {
    at: await computedAt.textContent(),
    players: count((await kpi.textContent()) ?? ''),
  };
  let shown = dashboard;
  if (global.at !== dashboard.at) {
    await page.goto('/admin/dashboard');
    shown = await dashboardFigures();
    await page.goto('/home/admin/analytics');
  }
  expect(shown).toEqual(global);
  const players = global.players;

  // Every month that billed money counts clubs and players in the growth chart (read from
  // the charts' tooltips). The demo bills from several months back.
  const hint = page.getByText(/^Periodos de los últimos \d+ meses$/);
  const months = Number(/(\d+) meses/.exec((await hint.textContent()) ?? '')?.[1]);
  let billing = 0;
  for (let index = 0; index < months; index += 1) {
    const money = await chartTooltip(page, 'Facturado y recaudado', index, months, 'band');
    if ((await money.value('Facturado')) === 0) continue;
    billing += 1;
    const growth = await chartTooltip(page, 'Crecimiento acumulado', index, months, 'point');
    expect(growth.month).toBe(money.month);
    expect(await growth.value('Clubes'), `clubs in ${growth.month}`).toBeGreaterThan(0);
    expect(await growth.value('Jugadores'), `players in ${growth.month}`).toBeGreaterThan(0);
  }
  expect(billing).toBeGreaterThan(1);

  // The clubs list: its 'Jugadores' column adds up to the same. The list is read live and
  // the figure is kept up to a minute: when players came or left in between, the next
  // computation (within a minute and its computing time) agrees with the list again.
  const listedPlayers = async () => {
    await page.goto('/home/admin/system');
    const grid = page.getByRole('grid').first();
    const header = grid.getByRole('columnheader', { name: 'Jugadores' });
    await expect(header).toBeVisible();
    const column = await header.getAttribute('aria-colindex');
    const cells = grid.locator(`[role="gridcell"][aria-colindex="${column}"]`);
    await expect(cells.first()).toHaveText(/\d/);
    return (await cells.allTextContents()).reduce((sum, text) => sum + count(text), 0);
  };
  let listed = await listedPlayers();
  if (listed !== players) {
    test.setTimeout(240_000);
    await expect
      .poll(
        async () => {
          await page.goto('/admin/dashboard');
          const figure = (await dashboardFigures()).players;
          listed = await listedPlayers();
          return figure - listed;
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      .toBe(0);
  }
});

test.describe('a browser in UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test("a payment's date and a charge's start default to the club's day", async ({ page }) => {
    await logInAs(page, 'propietario@demo.club');
    // The browser's clock in UTC is already 7 December; in Bogotá it is 22:30 of the 6th.
    await page.clock.setFixedTime(new Date('2026-12-07T03:30:00Z'));
    await page.goto('/home/payments');
    // The browser's own day (what the screens used) is the 7th.
    expect(await page.evaluate(() => new Date().toDateString())).toBe('Mon Dec 07 2026');

    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Pendiente', exact: true }).click();
    await page
      .getByRole('grid', { name: 'Pagos del club' })
      .getByRole('button', { name: /^Ver el pago de / })
      .first()
      .click();
    const drawer = page
      .getByRole('region')
      .filter({ has: page.getByRole('heading', { name: 'Abonos' }) });
    await drawer.getByRole('button', { name: 'Registrar abono' }).click();
    const record = page.getByRole('dialog', { name: 'Registrar abono' });
    const paidOn = record.getByRole('group', { name: /^Fecha de pago/ });
    await expect(paidOn).toBeVisible();
    expect(await shownDate(paidOn)).toContain('06/12/2026');

    await page.goto('/home/chargers');
    await page.getByRole('button', { name: 'Nuevo cobro' }).click();
    const charge = page.getByRole('dialog', { name: 'Nuevo cobro' });
    const validFrom = charge.getByRole('group', { name: /^Vigente desde/ });
    await expect(validFrom).toBeVisible();
    expect(await shownDate(validFrom)).toContain('06/12/2026');
  });
});
