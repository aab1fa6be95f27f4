import { DATA_POLICY_VERSION } from '../../contract/parents.schema';
import { logInAs, newPerson } from './support/accounts';
import { CLUB, bogotaDay, pageHeaders } from './support/calendar-api';
import { expect, test } from './support/fixtures';
import { secondBrowser } from './support/invitations';
import { latestMailTo } from './support/mail';

/*
 * Issue #34 items 1 and 6, what families meet: an edited player's own document reads as
 * his; a rejected proof shows to the guardian as 'Rechazado' with the reason and what to
 * do next; the primary guardian invites another guardian, who accepts, and revokes them.
 */

/** A 1×1 PNG: the proof's photo. */
const PROOF_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface DashboardChild {
  player: { id: number };
  summary: { payments: { id: number; amount_due: number; status: string }[] } | null;
}

test("editing a player reads his own document as his, never 'no está registrado'", async ({
  page,
}) => {
  await logInAs(page, 'propietario@demo.club');
  const list = await page.request.get(`/api/pla_club_teams/${CLUB}/players`, {
    headers: await pageHeaders(page),
  });
  expect(list.status()).toBe(200);
  const players = (
    (await list.json()) as { data: { id: number; document_number: string | null }[] }
  ).data;
  const player = players.find((p) => p.document_number)!;
  await page.goto(`/home/player-create/${player.id}`);
  await expect(page.getByText('Documento de este jugador.')).toBeVisible();
  await expect(page.getByText(/no está registrado|ya es jugador|ya existe/)).toHaveCount(0);
});

test('a rejected proof shows to the guardian as Rechazado with its reason and the next step', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'padre@demo.club');
  const family = await pageHeaders(page);
  const staff = await secondBrowser(browser);
  await logInAs(staff, 'propietario@demo.club');
  const club = await pageHeaders(staff);
  const children = (
    (await (await page.request.get('/api/dashboard/parent', { headers: family })).json()) as {
      data: DashboardChild[];
    }
  ).data;
  // A payment of the guardian's child with nothing paid: a rejected proof leaves it rejected.
  let owed: { id: number; amount_due: number } | undefined;
  for (const payment of children.flatMap((child) => child.summary?.payments ?? [])) {
    if (payment.status === 'in_review' || payment.status === 'rejected') continue;
    const detail = await staff.request.get(`/api/pla_club_teams/${CLUB}/payments/${payment.id}`, {
      headers: club,
    });
    const paid = ((await detail.json()) as { data: { payment: { amount_paid: number } } }).data
      .payment.amount_paid;
    if (paid === 0) {
      owed = payment;
      break;
    }
  }
  expect(owed, 'an unpaid payment of the demo family').toBeDefined();
  const methods = (
    (await (
      await page.request.get(`/api/pla_club_teams/${CLUB}/payment-methods`, { headers: family })
    ).json()) as { data: { id: number; accepted: boolean }[] }
  ).data;
  const sent = await page.request.post(`/api/pla_club_teams/${CLUB}/payments/${owed!.id}/proofs`, {
    headers: family,
    multipart: {
      amount: String(owed!.amount_due),
      payment_method_id: String(methods.find((m) => m.accepted)!.id),
      paid_on: bogotaDay(new Date()),
      proof: {
        name: 'transferencia.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PROOF_PNG, 'base64'),
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const record = ((await sent.json()) as { data: { record: { id: number } } }).data.record;
  const rejected = await staff.request.post(
    `/api/pla_club_teams/${CLUB}/payments/${owed!.id}/records/${record.id}/reject`,
    { headers: club, data: { reason: 'La imagen no se lee' } },
  );
  expect(rejected.status(), await rejected.text()).toBe(200);
  await staff.context().close();

  await page.goto('/home/parent-dashboard');
  const line = page
    .getByRole('listitem')
    .filter({ hasText: 'Comprobante rechazado. Motivo: La imagen no se lee.' });
  await expect(line).toContainText('Envía un nuevo comprobante.');
  await expect(line.getByText('Rechazado', { exact: true })).toBeVisible();
  await expect(line.getByRole('button', { name: /^Enviar comprobante de / })).toBeVisible();
});

test('the primary guardian invites another guardian, who accepts, and revokes them after confirming', async ({
  page,
}) => {
  const other = { ...newPerson(), lastname: `Gómez ${Date.now().toString(36)}` };
  const fullName = `${other.name} ${other.lastname}`;
  await logInAs(page, 'padre@demo.club');
  const invite = page.getByRole('button', { name: /^Invitar a otro acudiente de / }).first();
  const child = ((await invite.getAttribute('aria-label')) ?? '').replace(
    'Invitar a otro acudiente de ',
    '',
  );
  await invite.click();
  const dialog = page.getByRole('dialog', { name: `Invitar a otro acudiente de ${child}` });
  await dialog.getByLabel(/Nombre completo/).fill(fullName);
  await dialog.getByLabel(/Correo/).fill(other.email);
  await dialog.getByLabel(/Parentesco/).click();
  await page.getByRole('option', { name: 'Madre' }).click();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(
    page.getByText(`Enviamos la invitación a ${other.email}.`, { exact: false }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other adult accepts the e-mailed invitation (its page is the invitations spec's).
  await expect.poll(() => latestMailTo(other.email)?.text ?? '').toContain('/invitation/');
  const token = /\/invitation\/([0-9a-f]{64})/.exec(latestMailTo(other.email)!.text)![1]!;
  const accepted = await page.request.post(`/api/parents/register/${token}`, {
    data: {
      name: other.name,
      lastname: other.lastname,
      password: other.password,
      password_confirmation: other.password,
      accept_data_policy: true,
      data_policy_version: DATA_POLICY_VERSION,
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.reload();
  const card = page.getByRole('article', { name: child });
  const row = card.getByRole('listitem').filter({ hasText: fullName });
  await expect(row.getByText('Autorizado', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Revocar a ${fullName}` }).click();
  const confirm = page.getByRole('dialog', {
    name: `¿Revocar a ${fullName} como acudiente de ${child}?`,
  });
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(row.getByText('No autorizado', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Revocar a ${fullName}` })).toHaveCount(0);
});
