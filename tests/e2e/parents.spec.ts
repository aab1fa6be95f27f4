import type { Page } from '@playwright/test';
import { parentMessages } from '../../contract/parents.schema';
import { logInAs, newPerson } from './support/accounts';
import { expectAccessible } from './support/axe';
import { CLUB, bogotaDay, pageHeaders } from './support/calendar-api';
import { expect, test } from './support/fixtures';
import { acceptAsNewPerson, secondBrowser } from './support/invitations';
import { latestMailTo } from './support/mail';
import { fillDocument, fillProfile, saveStep, stepHeading } from './support/onboarding';

/*
 * Issue #15 "Done when": staff invite the guardian of a minor from the player's row, the
 * guardian registers from the e-mail link and accepts the consent, the club authorises the
 * link, the guardian sees the child's schedule and debt on the parent dashboard and sends a
 * proof that the accountant then approves.
 */

/** A 1×1 PNG: the proof's photo. */
const PROOF_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A minor of Sub-14 in the demo club whose guardian e-mail is `email`, and this month billed.
 * Sub-14: the demo trainer does not lead it, so the players spec's count of his players holds.
 */
async function minorWithDebt(page: Page, email: string, lastname: string) {
  const headers = await pageHeaders(page);
  const categories = await page.request.get(`/api/pla_club_teams/${CLUB}/categories?q=Sub-14`, {
    headers,
  });
  expect(categories.status()).toBe(200);
  const sub14 = ((await categories.json()) as { data: { id: number; birth_year_from: number }[] })
    .data[0]!;
  const created = await page.request.post(`/api/pla_club_teams/${CLUB}/players`, {
    headers,
    data: {
      name: 'Mateo',
      lastname,
      document_type: 'TI',
      document_number: `18${String(Date.now()).slice(-8)}`,
      birth_date: `${sub14.birth_year_from}-05-10`,
      gender: 'male',
      category_id: sub14.id,
      guardian_name: 'Lucía Gómez',
      guardian_phone: '3001234567',
      guardian_email: email,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const player = ((await created.json()) as { data: { id: number } }).data;
  const generated = await page.request.post(`/api/pla_club_teams/${CLUB}/payments/generation`, {
    headers,
    data: { period: bogotaDay(new Date()).slice(0, 7) },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  expect(
    ((await generated.json()) as { created_total: number }).created_total,
  ).toBeGreaterThanOrEqual(1);
  return player.id;
}

test('a guardian invited from the player row registers with consent, is authorised, sees schedule and debt and sends a proof the accountant approves', async ({
  page,
  browser,
}) => {
  test.slow();
  const guardian = newPerson();
  const lastname = `Familia ${Date.now().toString(36)}`;
  const child = `Mateo ${lastname}`;
  await logInAs(page, 'propietario@demo.club');
  const playerId = await minorWithDebt(page, guardian.email, lastname);

  // 1. The owner invites the guardian from the child's row; the link waits for the club.
  await page.goto('/home/players');
  await page.getByLabel('Buscar por nombre, documento o acudiente').fill(lastname);
  const row = page
    .getByRole('grid', { name: 'Jugadores del club' })
    .getByRole('row', { name: child });
  await row.getByRole('button', { name: `Invitar acudiente de ${child}` }).click();
  const invite = page.getByRole('dialog', { name: 'Invitar acudiente' });
  await expect(invite.getByLabel(/Correo del acudiente/)).toHaveValue(guardian.email);
  await invite.getByLabel('Autorizar el vínculo al registrarse').uncheck();
  await expectAccessible(page, 'Invitar acudiente');
  await invite.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(parentMessages.invited(1))).toBeVisible();

  // 2. The guardian registers from the e-mail's link and accepts the data-processing text.
  await expect.poll(() => latestMailTo(guardian.email)?.text ?? '').toContain('/invitation/');
  const link = /https?:\/\/\S+\/invitation\/[0-9a-f]{64}/.exec(latestMailTo(guardian.email)!.text)!;
  const family = await secondBrowser(browser);
  await family.goto(new URL(link[0]).pathname);
  await expect(family.getByText(child, { exact: false }).first()).toBeVisible();
  await expectAccessible(family, 'a guardian invitation');
  await acceptAsNewPerson(family, guardian, { consent: true });
  await expect(family).toHaveURL(/\/onboarding\/padre-acudiente$/);
  await fillProfile(family);
  await fillDocument(family);
  await expect(stepHeading(family, 'Tus hijos')).toBeVisible();
  await expect(family.getByText('Pendiente de autorización')).toBeVisible();
  await saveStep(family);
  await expect(stepHeading(family, 'Autorizaciones')).toBeVisible();
  await saveStep(family);
  await family.getByRole('button', { name: 'Finalizar' }).click();
  await expect(family).toHaveURL(/\/home\/parent-dashboard$/);
  const card = family.getByRole('article', { name: child });
  await expect(card.getByText(parentMessages.pendingAuthorization)).toBeVisible();
  await expect(card.getByText('Deuda')).toHaveCount(0);

  // 3. The owner authorises the link on the player's page.
  await page.goto(`/home/player-create/${playerId}`);
  await page
    .getByRole('button', { name: `Autorizar a ${guardian.name} ${guardian.lastname}`, exact: true })
    .click();
  await expect(page.getByText(parentMessages.authorized).first()).toBeVisible();

  // 4. The guardian sees the child's schedule and debt, and sends a proof of this month.
  await family.reload();
  await expect(card.getByText('Sub-14', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('region', { name: 'Próximas sesiones' }).getByRole('listitem').first(),
  ).toContainText('Entrenamiento');
  await expect(card.locator('p', { hasText: 'Deuda:' })).toHaveText(/^Deuda:\s*\$\s*[1-9]/);
  await expectAccessible(family, 'the parent dashboard');
  await card
    .getByRole('button', { name: /^Enviar comprobante de / })
    .first()
    .click();
  const proof = family.getByRole('dialog', { name: 'Enviar comprobante' });
  await proof.locator('input[type=file]').setInputFiles({
    name: 'transferencia.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PROOF_PNG, 'base64'),
  });
  await proof.getByLabel(/Medio de pago/).click();
  await family.getByRole('option').first().click();
  await proof.getByLabel(/Referencia/).fill('Nequi 123');
  await proof.getByRole('button', { name: 'Enviar' }).click();
  await expect(proof).toBeHidden();
  await expect(card.getByText('En revisión')).toBeVisible();

  // 5. The accountant approves it; the guardian's debt goes down by it.
  const accountant = await secondBrowser(browser);
  await logInAs(accountant, 'contador@demo.club');
  await accountant.goto('/home/payments');
  await accountant.getByLabel('Buscar por jugador o documento').fill(lastname);
  await accountant
    .getByRole('grid', { name: 'Pagos del club' })
    .getByRole('button', { name: new RegExp(`^Ver el pago de ${child}`) })
    .first()
    .click();
  await accountant.getByRole('button', { name: 'Aprobar' }).first().click();
  await accountant
    .getByRole('dialog', { name: 'Aprobar comprobante' })
    .getByRole('button', { name: 'Aprobar' })
    .click();
  await expect(accountant.getByText(/^Comprobante aprobado: recibo N\.º \d+$/)).toBeVisible();
  await family.reload();
  await expect(card.getByText('En revisión')).toHaveCount(0);
  await accountant.context().close();
  await family.context().close();
});
