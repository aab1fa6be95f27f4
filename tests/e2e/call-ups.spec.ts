import type { APIRequestContext } from '@playwright/test';
import type { CallUpList } from '../../contract/call-ups.schema';
import type { SessionChoices } from '../../contract/session-choices.schema';
import type { SessionWriteResponse } from '../../contract/sessions.schema';
import { DEMO_PASSWORD, logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CLUB, DAY_MS } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #14 "Done when", in the browser: a manager calls players up to a match, a player
 * answers 'No voy' with a reason in his own browser, and the manager's summary changes.
 * The demo's player, an adult, plays in Mayores, which the demo trainer does not lead, so
 * the owner manages this Mayores match.
 */

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

test('a player’s “No voy” with a reason reaches the manager’s summary', async ({
  page,
  browser,
  request,
}) => {
  // Two people's browsers, a call-up and axe passes over the calendar: past 30 s on 2 cores.
  test.setTimeout(60_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, 'propietario@demo.club')}` };
  const choices = (await (
    await request.get(`/api/pla_club_teams/${CLUB}/sessions/choices`, { headers: owner })
  ).json()) as SessionChoices;
  const mayores = choices.categories.find((category) => category.name === 'Mayores')!;
  const title = `Amistoso ${Date.now().toString(36)}`;
  const start = new Date(Date.now() + 5 * DAY_MS);
  const created = await request.post(`/api/pla_club_teams/${CLUB}/sessions`, {
    headers: owner,
    data: {
      type: 'match',
      title,
      category_id: mayores.id,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 90 * 60_000).toISOString(),
      opponent: 'Atlético Sur',
      home_away: 'home',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const match = ((await created.json()) as SessionWriteResponse).session;

  // The owner calls up every Mayores player from the panel.
  await logInAs(page, 'propietario@demo.club');
  await page.goto(`/home/calendar?session=${match.id}`);
  const panel = page.getByRole('region', { name: title });
  const callUps = panel.getByRole('region', { name: 'Convocatoria' });
  await expect(callUps.getByText('Nadie convocado todavía.')).toBeVisible();
  await callUps.getByRole('button', { name: 'Convocar jugadores' }).click();
  const picker = page.getByRole('dialog', { name: 'Convocar jugadores' });
  await picker.getByRole('checkbox', { name: 'Seleccionar los mostrados' }).check();
  await expectAccessible(page, 'the call-up picker');
  await picker.getByRole('button', { name: 'Guardar convocatoria' }).click();
  await expect(picker).toBeHidden();
  const summary = callUps.getByRole('list', { name: 'Resumen de respuestas' });
  await expect(summary.getByText('No voy 0')).toBeVisible();
  await expectAccessible(page, 'the panel with the call-up');
  const calledUrl = `/api/pla_club_teams/${CLUB}/sessions/${match.id}/call-ups`;
  const called = (await (await request.get(calledUrl, { headers: owner })).json()) as CallUpList;
  expect(called.summary.called).toBeGreaterThan(0);
  expect(called.summary.pending).toBe(called.summary.called);

  // The player, in his own browser, answers 'No voy' with a reason.
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('hasSeenOverlay', 'true'));
  const player = await context.newPage();
  await logInAs(player, 'jugador@demo.club');
  await player.goto(`/home/calendar?session=${match.id}`);
  const his = player.getByRole('region', { name: title }).getByRole('region', {
    name: 'Convocatoria',
  });
  await his.getByRole('button', { name: 'No voy' }).click();
  await his.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Tengo examen');
  await expectAccessible(player, 'the player’s answer');
  await his.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(his.getByRole('button', { name: 'No voy' })).toHaveAttribute('aria-pressed', 'true');
  await expect(his.getByRole('button', { name: 'Enviar respuesta' })).toBeHidden();
  await context.close();

  const answered = (await (await request.get(calledUrl, { headers: owner })).json()) as CallUpList;
  expect(answered.summary.no).toBe(1);
  expect(answered.summary.pending).toBe(called.summary.called - 1);
  const refusal = answered.data.find((row) => row.answer === 'no')!;
  expect(refusal.reason).toBe('Tengo examen');

  // The owner, back on the panel, sees the answer and its reason.
  await page.reload();
  await expect(summary.getByText('No voy 1')).toBeVisible();
  await expect(summary.getByText(`Sin respuesta ${called.summary.called - 1}`)).toBeVisible();
  await expect(
    callUps.getByRole('list', { name: 'Jugadores convocados' }).getByText('Motivo: Tengo examen'),
  ).toBeVisible();
});
