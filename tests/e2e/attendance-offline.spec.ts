import type { Locator, Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CLUB, DAY_MS, pageHeaders, sessionsAsSeen } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #14 "Done when", in the browser: the trainer takes a roll call on his phone
 * without a connection; the list waits on the device ('Pendiente de sincronizar') and
 * reaches the server when the connection comes back ('Sincronizado').
 */

const PHONE_WIDTH = 390;

test.use({ viewport: { width: PHONE_WIDTH, height: 844 } });

interface Sheet {
  version: number;
  records: { player_id: number; name: string; status: string | null }[];
}

test('a roll call saved offline is synchronised when the connection returns', async ({
  page,
  context,
}) => {
  await logInAs(page, 'entrenador@demo.club');
  // His next Sub-10 session still to be held, as he sees it.
  const now = new Date();
  const seen = await sessionsAsSeen(page, now, new Date(now.getTime() + 14 * DAY_MS));
  const session = seen.find(
    (s) => s.category_name === 'Sub-10' && s.status === 'scheduled' && s.can_manage,
  );
  expect(session, 'an upcoming Sub-10 session the trainer manages').toBeDefined();
  const attendanceUrl = `/api/pla_club_teams/${CLUB}/sessions/${session!.id}/attendance`;
  const before = (await (
    await page.request.get(attendanceUrl, { headers: await pageHeaders(page) })
  ).json()) as Sheet;
  expect(before.records.length).toBeGreaterThanOrEqual(2);

  await page.goto(`/home/attendance/${session!.id}`);
  const players = page.getByRole('list', { name: 'Jugadores' });
  const [first, second] = before.records;
  const present = (name: string) =>
    players.getByRole('button', { name: `${name}: Presente. Tocar para cambiar` });
  await expect(present(first!.name)).toBeVisible();
  await expect(present(second!.name)).toBeVisible();
  await expectAccessible(page, 'the roll call');

  await context.setOffline(true);
  await present(first!.name).click();
  await present(second!.name).click();
  const absent = (name: string) =>
    players.getByRole('button', { name: `${name}: Ausente. Tocar para cambiar` });
  await expect(absent(first!.name)).toBeVisible();
  await expect(absent(second!.name)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Pendiente de sincronizar')).toBeVisible();
  await expectAccessible(page, 'the roll call, pending while offline');

  await context.setOffline(false);
  await expect(page.getByText('Sincronizado')).toBeVisible();
  await expect(page.getByText('Pendiente de sincronizar')).toBeHidden();

  const after = (await (
    await page.request.get(attendanceUrl, { headers: await pageHeaders(page) })
  ).json()) as Sheet;
  expect(after.version).toBe(before.version + 1);
  const statusOf = (playerId: number) =>
    after.records.find((record) => record.player_id === playerId)?.status;
  expect(statusOf(first!.player_id)).toBe('absent');
  expect(statusOf(second!.player_id)).toBe('absent');
  expect(
    after.records
      .filter(
        (record) => record.player_id !== first!.player_id && record.player_id !== second!.player_id,
      )
      .every((record) => record.status === 'present'),
  ).toBe(true);
});

/** The page never scrolls sideways on the phone: nothing in it is wider than the screen. */
async function expectFitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page's width`).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** A tap at the element's centre and at its right end reaches the element, nothing on top. */
async function expectUncovered(target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + box.width / 2, box.right - 2].map((x) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
  expect(reached, `${what}: its centre and its right end`).toEqual([true, true]);
}

test('the agenda and the roll call fit a 390 px phone, with nothing over Guardar', async ({
  page,
}) => {
  await logInAs(page, 'entrenador@demo.club');
  const now = new Date();
  const seen = await sessionsAsSeen(page, now, new Date(now.getTime() + 14 * DAY_MS));
  const session = seen.find((s) => s.status === 'scheduled' && s.can_manage);
  expect(session, 'an upcoming session the trainer manages').toBeDefined();

  // The agenda (FullCalendar's list view, a phone's default) of this week.
  await page.goto('/home/calendar');
  const agenda = page.locator('.fc-list-table');
  await expect(agenda).toBeVisible();
  await expect(agenda.locator('.fc-list-event-title').first()).toBeVisible();
  await expectFitsThePhone(page, 'the agenda');
  // The shell's help button is drawn (the club's number is known) on the calendar.
  await expect(page.getByRole('link', { name: '¿Necesitas ayuda? Escríbenos' })).toBeVisible();
  // A table wider than the calendar could be clipped by FullCalendar's scroller without
  // widening the page: the table, its day headers and its titles end inside the calendar.
  const edges = await agenda.evaluate((table) => {
    const right = (element: Element) => element.getBoundingClientRect().right;
    const parts = table.querySelectorAll('.fc-list-day-cushion > *, .fc-list-event-title');
    return {
      calendar: right(table.closest('.fc')!),
      widest: Math.max(...[table, ...parts].map(right)),
    };
  });
  expect(edges.calendar, 'the calendar').toBeLessThanOrEqual(PHONE_WIDTH);
  expect(edges.widest, 'the agenda table, its day headers and titles').toBeLessThanOrEqual(
    edges.calendar,
  );

  await page.goto(`/home/attendance/${session!.id}`);
  const players = page.getByRole('list', { name: 'Jugadores' });
  await expect(players.getByRole('listitem').first()).toBeVisible();
  await expectFitsThePhone(page, 'the roll call');
  const guardar = page.getByRole('button', { name: 'Guardar', exact: true });
  await expect(guardar).toBeEnabled();
  await expectUncovered(guardar, 'Guardar');
});
