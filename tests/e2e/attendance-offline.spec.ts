import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CLUB, DAY_MS, pageHeaders, sessionsAsSeen } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #14 "Done when", in the browser: the trainer takes a roll call on his phone
 * without a connection; the list waits on the device ('Pendiente de sincronizar') and
 * reaches the server when the connection comes back ('Sincronizado').
 */

test.use({ viewport: { width: 390, height: 844 } });

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
