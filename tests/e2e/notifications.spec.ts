import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #13 "Done when", in the browser: a payment falling due reaches the family's bell
 * within one polling interval (the page's clock jumps 30 s; the server runs the hourly
 * reminders through its test hook), an owner's announcement reaches the trainer on the
 * next poll, and every action of the centre works, a refused one included.
 */

const POLL_MS = 30_000;
const CLUB = 1;

interface Session {
  token: string;
  user: { id: number };
}

async function apiLogin(request: APIRequestContext, email: string): Promise<Session> {
  const answer = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Session;
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** Today in Bogotá, as the club counts days: 'YYYY-MM-DD'. */
const bogotaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones/ });

/** The badge's count, once the first poll has answered (every demo account has unread ones). */
async function unreadOf(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAccessibleName(/sin leer$/);
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) sin leer/.exec(name)?.[1]);
}

async function openCentre(page: Page): Promise<Locator> {
  // The bell opens its menu once the notifications have loaded (just after the shell).
  await unreadOf(page);
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

test('a payment falling due today reaches the family’s bell within one poll', async ({
  page,
  request,
}) => {
  const owner = await apiLogin(request, 'propietario@demo.club');
  const player = await apiLogin(request, 'jugador@demo.club');
  const frequencies = (await (
    await request.get('/api/admin/frequencies', { headers: bearer(owner) })
  ).json()) as { data: { id: number; code: string }[] };
  const monthly = frequencies.data.find((frequency) => frequency.code === 'monthly')!;
  const today = bogotaToday();
  const name = `Torneo relámpago ${Date.now().toString(36)}`;
  const charge = await request.post(`/api/pla_club_teams/${CLUB}/charges`, {
    headers: bearer(owner),
    data: {
      name,
      concept: 'event',
      amount: 35_000,
      frequency_id: monthly.id,
      due_day: Number(today.slice(8, 10)),
      valid_from: `${today.slice(0, 7)}-01`,
      scope: 'players',
      player_ids: [player.user.id],
      applies_to_new_players: false,
    },
  });
  expect(charge.status()).toBe(201);
  const generated = await request.post(`/api/pla_club_teams/${CLUB}/payments/generation`, {
    headers: bearer(owner),
    data: { period: today.slice(0, 7) },
  });
  expect(generated.ok()).toBe(true);

  await page.clock.install();
  await logInAs(page, 'jugador@demo.club');
  const before = await unreadOf(page);

  // The hourly job, now: the new payment is due today (offset 0).
  const run = await request.post('/api/test/payment-reminders', {
    data: { at: new Date().toISOString() },
  });
  expect(run.ok()).toBe(true);
  await expect(bell(page)).toHaveAccessibleName(`Notificaciones: ${before} sin leer`);

  await page.clock.fastForward(POLL_MS);
  await expect(bell(page)).toHaveAccessibleName(`Notificaciones: ${before + 1} sin leer`);
  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Notificaciones' });
  // The demo's own fees may fall due today as well (their due day is the 5th): this charge's.
  const reminder = dropdown
    .getByRole('button', { name: /Tu pago vence hoy/ })
    .filter({ hasText: name });
  await expect(reminder).toHaveCount(1);
  await reminder.click();
  await expect(page).toHaveURL(/\/home\/payments$/);
  await expect(bell(page)).toHaveAccessibleName(`Notificaciones: ${before} sin leer`);
});

test('an owner’s announcement reaches the trainer on the next poll', async ({ page, browser }) => {
  const context = await browser.newContext();
  // Past the first-login overlay, as the fixture's pages (support/fixtures.ts).
  await context.addInitScript(() => localStorage.setItem('hasSeenOverlay', 'true'));
  const trainer = await context.newPage();
  await trainer.clock.install();
  await logInAs(trainer, 'entrenador@demo.club');
  const before = await unreadOf(trainer);

  await logInAs(page, 'propietario@demo.club');
  const centre = await openCentre(page);
  await centre.getByRole('button', { name: 'Enviar anuncio' }).click();
  const form = page.getByRole('dialog', { name: 'Enviar anuncio' });
  const title = `Partido amistoso ${Date.now().toString(36)}`;
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Mensaje').fill('El sábado jugamos contra el Club Andino a las 9:00 a. m.');
  await form.getByLabel('Destinatarios: roles').click();
  await page.getByRole('option', { name: 'Entrenador', exact: true }).click();
  await form.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText(/^Anuncio enviado a \d+ personas?$/)).toBeVisible();

  await trainer.clock.fastForward(POLL_MS);
  await expect(bell(trainer)).toHaveAccessibleName(`Notificaciones: ${before + 1} sin leer`);
  await bell(trainer).click();
  await expect(
    trainer
      .getByRole('dialog', { name: 'Notificaciones' })
      .getByRole('button', { name: new RegExp(title) }),
  ).toBeVisible();
  await context.close();
});

test('every action of the centre works, and a refused one is put back', async ({ page }) => {
  await logInAs(page, 'contador@demo.club');
  const centre = await openCentre(page);
  await expectAccessible(page, 'the notification centre');
  for (const tile of ['Total', 'Sin leer', 'Urgentes', 'Recientes']) {
    await expect(centre.getByText(tile, { exact: true }).first()).toBeVisible();
  }
  const items = centre.getByRole('list', { name: 'Notificaciones' }).getByRole('listitem');
  const act = async (item: Locator, action: string) => {
    await item.getByRole('button', { name: 'Acciones de la notificación' }).click();
    await page.getByRole('menuitem', { name: action }).click();
  };

  // Read: the 'Sin leer' tab counts one fewer.
  const unread = await tabCount(centre, 'Sin leer');
  await act(items.first(), 'Marcar como leída');
  await expect(page.getByText('Marcada como leída')).toBeVisible();
  await expect.poll(() => tabCount(centre, 'Sin leer')).toBe(unread - 1);

  // Archive: it leaves the list.
  const total = await tabCount(centre, 'Todas');
  await act(items.first(), 'Archivar');
  await expect(page.getByText('Archivada', { exact: true })).toBeVisible();
  await expect.poll(() => tabCount(centre, 'Todas')).toBe(total - 1);

  // Delete asks first.
  await act(items.first(), 'Eliminar');
  const confirm = page.getByRole('dialog', { name: '¿Eliminar la notificación?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Eliminada', { exact: true })).toBeVisible();
  await expect.poll(() => tabCount(centre, 'Todas')).toBe(total - 2);

  // The server refuses an archive: the item comes back with the spec's toast.
  await page.route('**/api/notifications/*/archive', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Error interno' } }),
  );
  const first = (await items.first().textContent()) ?? '';
  await act(items.first(), 'Archivar');
  await expect(page.getByText('No se pudo archivar la notificación')).toBeVisible();
  await expect(items.first()).toHaveText(first);
  await expect.poll(() => tabCount(centre, 'Todas')).toBe(total - 2);
  await page.unroute('**/api/notifications/*/archive');

  // Mark all: the count in the toast, nothing left unread.
  const left = await tabCount(centre, 'Sin leer');
  await centre.getByRole('button', { name: 'Marcar todas' }).click();
  await expect(page.getByText(`Todas marcadas como leídas (${left})`)).toBeVisible();
  await expect.poll(() => tabCount(centre, 'Sin leer')).toBe(0);
  await centre.getByRole('tab', { name: /^Sin leer/ }).click();
  await expect(centre.getByText('No hay notificaciones')).toBeVisible();
});

test('the centre fills a phone’s screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'padre@demo.club');
  const centre = await openCentre(page);
  const box = await centre.boundingBox();
  expect(box?.width).toBe(390);
  await expectAccessible(page, 'the notification centre on a phone');
  await expect(centre.getByRole('button', { name: 'Cerrar' })).toBeVisible();
});
