import ICAL from 'ical.js';
import type { Session } from '../../contract/sessions.schema';
import { DEMO_PASSWORD, logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CLUB, DAY_MS } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #14 "Done when", in the browser: the parent makes 'Mi calendario', the link shown
 * serves a strict iCalendar file with his child's category (Sub-17 in the demo) and the
 * whole club's sessions but no other category's, and once revoked the link answers 404.
 */

/** Every content line of an .ics body, split on CRLF (the body must end with one). */
function contentLines(body: string): string[] {
  expect(body.endsWith('\r\n'), 'the body ends with CRLF').toBe(true);
  const lines = body.slice(0, -2).split('\r\n');
  expect(
    lines.filter((line) => line.includes('\n') || line.includes('\r')),
    'no bare LF or CR inside a line',
  ).toEqual([]);
  return lines;
}

test('the parent subscribes to his calendar, reads it as iCalendar and revokes it', async ({
  page,
  request,
}) => {
  await logInAs(page, 'padre@demo.club');
  await page.goto('/home/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();

  await page.getByRole('button', { name: 'Suscribirse al calendario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suscribirse al calendario' });
  await dialog.getByRole('combobox', { name: 'Calendario' }).selectOption('Mi calendario');
  await expectAccessible(page, 'the subscribe dialog');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const link = dialog.getByRole('textbox', { name: 'Enlace de tu calendario' });
  await expect(link).toHaveValue(/^https?:\/\/.+/);
  await expectAccessible(page, 'the subscribe dialog, link shown');
  const url = await link.inputValue();

  // Other categories have sessions in the coming weeks (as the owner sees them): the feed
  // leaving them out means something.
  const login = await request.post('/api/login', {
    data: { email: 'propietario@demo.club', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const now = Date.now();
  const query = new URLSearchParams({
    from: new Date(now).toISOString(),
    to: new Date(now + 28 * DAY_MS).toISOString(),
  });
  const all = await request.get(`/api/pla_club_teams/${CLUB}/sessions?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const clubSessions = ((await all.json()) as { data: Session[] }).data;
  expect(clubSessions.some((session) => session.category_name === 'Sub-10')).toBe(true);

  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await feed.text();
  const tooLong = contentLines(body).filter((line) => Buffer.byteLength(line, 'utf8') > 75);
  expect(tooLong, 'content lines over 75 octets').toEqual([]);

  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent').map((event) => ({
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
  }));
  expect(events.length).toBeGreaterThan(0);
  const categoryOf = (description: string) => /^Categoría: (.+)$/m.exec(description)?.[1];
  const categories = new Set(events.map((event) => categoryOf(event.description)));
  expect(categories.has('Sub-17')).toBe(true);
  expect([...categories].filter((name) => name !== 'Sub-17' && name !== 'Todo el club')).toEqual(
    [],
  );

  // Revoked (asked first), the same link is gone.
  await dialog
    .getByRole('button', { name: /^Revocar el enlace de Mi calendario/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: '¿Revocar el enlace de Mi calendario?' });
  await expectAccessible(page, 'the revoke confirmation');
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByText('Revocado')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
