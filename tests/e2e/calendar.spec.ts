import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { bogotaDay, DAY_MS, sessionsAsSeen } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #14 "Done when", in the browser: the owner creates a weekly series with the form,
 * sees its occurrences, and cancels one of them alone from the side panel; the server then
 * holds one cancelled occurrence (with its reason) and the others still scheduled.
 */

/** DD/MM/YYYY keystrokes of the date field, section by section. */
const typed = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

test('a weekly series is created, and one occurrence cancelled alone', async ({ page }) => {
  // Eight occurrences and three axe passes over the calendar: past 30 s on a 2-core machine.
  test.setTimeout(60_000);
  const title = `Entreno serie ${Date.now().toString(36)}`;
  // The next Monday after today (Bogotá), and four weeks of Mondays and Wednesdays.
  const now = new Date();
  const bogotaNoon = new Date(`${bogotaDay(now)}T12:00:00-05:00`);
  const weekday = bogotaNoon.getUTCDay() || 7;
  const monday = new Date(bogotaNoon.getTime() + (8 - weekday) * DAY_MS);
  const first = bogotaDay(monday);
  const until = bogotaDay(new Date(monday.getTime() + 25 * DAY_MS));

  await logInAs(page, 'propietario@demo.club');
  await page.goto('/home/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expectAccessible(page, 'the calendar, month view');

  await page.getByRole('button', { name: 'Nueva sesión' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva sesión' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form.getByRole('combobox', { name: /^Categoría/ }).click();
  await page.getByRole('option', { name: 'Sub-10', exact: true }).click();
  await form
    .getByRole('group', { name: /^Fecha/ })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(typed(first));
  await form.getByRole('switch', { name: 'Repetir semanalmente' }).check();
  const weekdays = form.getByRole('group', { name: 'Días de la semana' });
  for (const day of ['Lunes', 'Miércoles']) {
    const toggle = weekdays.getByRole('button', { name: day });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await form.getByRole('radio', { name: 'Hasta una fecha' }).check();
  await form
    .getByRole('group', { name: /^Hasta/ })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(typed(until));
  await expectAccessible(page, 'the session form, a weekly series');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();

  // The server expanded it: four Mondays and four Wednesdays, all scheduled.
  const from = new Date(monday.getTime() - DAY_MS);
  const to = new Date(monday.getTime() + 30 * DAY_MS);
  const created = (await sessionsAsSeen(page, from, to)).filter((s) => s.title === title);
  expect(created).toHaveLength(8);
  expect(new Set(created.map((s) => s.series_id)).size).toBe(1);
  expect(created.every((s) => s.status === 'scheduled')).toBe(true);

  // The week view of that Monday shows its Monday and Wednesday.
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await page.getByRole('button', { name: /^Sig/ }).click();
  // FullCalendar's events carry no role: each is found by its title's text.
  const occurrences = page.getByText(new RegExp(`^${title}`));
  await expect(occurrences).toHaveCount(2);
  await expectAccessible(page, 'the calendar, week view with the series');

  await occurrences.first().click();
  const panel = page.getByRole('region', { name: title });
  await expect(panel.getByText('Programada')).toBeVisible();
  await expect(panel.getByText(/Repetición/)).toBeVisible();
  await expectAccessible(page, 'the session panel');
  await panel.getByRole('button', { name: 'Cancelar sesión' }).click();
  const cancel = page.getByRole('dialog', { name: `¿Cancelar ${title}?` });
  await cancel.getByRole('radio', { name: 'Solo este' }).check();
  await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Cancha en mantenimiento');
  await expectAccessible(page, 'the cancel dialog');
  await cancel.getByRole('button', { name: 'Cancelar sesión' }).click();
  await expect(cancel).toBeHidden();
  await expect(panel.getByText('Cancelada')).toBeVisible();
  await expect(panel.getByText('Motivo de la cancelación: Cancha en mantenimiento')).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // On the calendar: the Monday struck through, the Wednesday still as it was.
  await expect(page.getByText(`${title} (cancelada)`, { exact: true })).toHaveCount(1);
  await expect(occurrences).toHaveCount(2);

  const after = (await sessionsAsSeen(page, from, to)).filter((s) => s.title === title);
  expect(after).toHaveLength(8);
  const cancelled = after.filter((s) => s.status === 'cancelled');
  expect(cancelled).toHaveLength(1);
  expect(bogotaDay(new Date(cancelled[0]!.starts_at))).toBe(first);
  expect(cancelled[0]!.cancel_reason).toBe('Cancha en mantenimiento');
  expect(after.filter((s) => s.status === 'scheduled')).toHaveLength(7);
});
