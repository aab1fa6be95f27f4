import type { Page } from '@playwright/test';
import { linkRequestMessages } from '../../contract/link-requests.schema';
import { type ParentChild, parentMessages } from '../../contract/parents.schema';
import { logIn, logInAs, logOut, newPerson, register } from './support/accounts';
import { expectAccessible } from './support/axe';
import { pageHeaders } from './support/calendar-api';
import { expect, test } from './support/fixtures';
import { secondBrowser } from './support/invitations';
import { latestMailTo } from './support/mail';
import {
  choose,
  fillClub,
  fillDocument,
  fillProfile,
  saveStep,
  stepHeading,
} from './support/onboarding';

/*
 * Issue #33 item 1 end to end: a new club finds a demo minor by their document; instead of
 * linking them it sends a request that the child's authorised guardian (padre@demo.club)
 * accepts on /home/club-team, after which the new club sees the player. A second request is
 * declined from the e-mailed link, signed out.
 */

const GUARDIAN = 'padre@demo.club';

/** The guardian's two authorised Sub-17 children with their identity (GET /api/parents/children). */
async function demoChildren(page: Page) {
  await logInAs(page, GUARDIAN);
  const answer = await page.request.get('/api/parents/children', {
    headers: await pageHeaders(page),
  });
  expect(answer.status()).toBe(200);
  const children = ((await answer.json()) as { data: ParentChild[] }).data.filter(
    (child) => child.status === 'authorized' && child.identity?.document_number,
  );
  expect(children.length).toBeGreaterThanOrEqual(2);
  await logOut(page);
  return children.map((child) => child.identity!);
}

/** Opens a club of their own through the onboarding, as a new person. */
async function newOwner(page: Page, club: string) {
  const owner = newPerson();
  await register(page, owner);
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await fillProfile(page);
  await fillDocument(page);
  await fillClub(page, club);
  await expect(stepHeading(page, 'Temporada')).toBeVisible();
  await saveStep(page);
  await expect(stepHeading(page, 'Tu equipo')).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo del entrenador' }).fill(newPerson().email);
  await saveStep(page);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  return owner;
}

type Identity = NonNullable<ParentChild['identity']>;

/** The player form with what the club knows of the child, then «Enviar solicitud». */
async function requestPlayer(page: Page, child: Identity) {
  await page.goto('/home/player-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo jugador' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Nombre/ })
    .first()
    .fill('Hijo');
  await page.getByRole('textbox', { name: /^Apellido/ }).fill('Del Padre');
  const [year, month, day] = child.birth_date!.split('-');
  const birthDate = page.getByRole('group', { name: /Fecha de nacimiento/ });
  await birthDate.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await choose(page, 'Género', 'Masculino');
  await page.getByRole('textbox', { name: /^Nombre del acudiente/ }).fill('Padre Demo');
  await page.getByRole('textbox', { name: /^Teléfono del acudiente/ }).fill('3001234567');
  await choose(page, 'Tipo de documento', 'Tarjeta de identidad');
  await page.getByRole('textbox', { name: /^Número de documento/ }).fill(child.document_number!);

  // Registered elsewhere: nothing of them is shown, only the offer to ask.
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText(/Se enviará una solicitud a esta persona/)).toBeVisible();
  await page.getByRole('button', { name: 'Crear jugador' }).click();
  await expect(page.getByText(linkRequestMessages.sent)).toBeVisible();
  await expect(page).toHaveURL(/\/home\/players$/);
}

test('a new club asks for a demo minor; the guardian accepts in the app, declines by e-mail', async ({
  page,
  browser,
}) => {
  // Two accounts, a wizard, two requests and a second browser.
  test.setTimeout(300_000);
  const [first, second] = await demoChildren(page);
  const club = `Club Solicitudes ${Date.now().toString(36)}`;
  const owner = await newOwner(page, club);

  await requestPlayer(page, first!);
  // The request is not a player: the club still has none, and lists what it sent.
  await expect(page.getByText('Agrega tu primer jugador')).toBeVisible();
  await page.getByRole('button', { name: 'Solicitudes enviadas' }).click();
  const sent = page.getByRole('dialog', { name: 'Solicitudes enviadas' });
  await expect(sent.getByText('Hijo Del Padre')).toBeVisible();
  await expect(sent.getByText('Esperando respuesta')).toBeVisible();
  await expectAccessible(page, 'the sent link requests');
  await sent.getByRole('button', { name: 'Cerrar' }).click();
  await logOut(page);

  // The guardian answers in the app, for the child (who joins; the guardian's clubs stay).
  await logInAs(page, GUARDIAN);
  await page.goto('/home/club-team');
  const card = page.getByRole('region', { name: 'Solicitudes para unirte a un club' });
  const childName = `${first!.name} ${first!.lastname}`;
  await expect(card.getByText(`Para: ${childName}`, { exact: false })).toBeVisible();
  await expectAccessible(page, 'club-team with an incoming link request');
  const item = card.getByRole('listitem').filter({ hasText: club });
  const accept = item.getByRole('button', {
    name: `Aceptar la solicitud de ${club} para ${childName}`,
  });
  // Accepting needs the new club's data-processing authorisation (Ley 1581).
  await accept.click();
  await expect(item.getByText(parentMessages.consentRequired)).toBeVisible();
  await expect(item.getByRole('region', { name: /tratamiento de datos/ })).toContainText(club);
  await item
    .getByRole('checkbox', { name: 'Acepto la autorización de tratamiento de datos personales' })
    .check();
  await accept.click();
  await expect(page.getByText(linkRequestMessages.acceptedForChild(childName, club))).toBeVisible();
  await expect(card).toBeHidden();
  await logOut(page);

  // The club now sees the player, with the identity the family keeps.
  await page.goto('/login');
  await logIn(page, owner.email, owner.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/home/players');
  await expect(
    page.getByRole('grid', { name: 'Jugadores del club' }).getByText(childName),
  ).toBeVisible();

  // A second request, answered from the e-mail by someone not signed in.
  await requestPlayer(page, second!);
  // The mail leaves after the request's commit: wait for the one about the second child (the
  // newest mail may still be the first request's, whose link is spent).
  const secondName = `${second!.name} ${second!.lastname}`;
  let mail: ReturnType<typeof latestMailTo>;
  await expect.poll(() => (mail = latestMailTo(GUARDIAN))?.text ?? '').toContain(secondName);
  const link = mail?.text.match(/https?:\/\/\S+\/link-request\/[A-Za-z0-9_-]{64}/)?.[0];
  expect(link, 'the link request in the mail').toBeDefined();
  const visitor = await secondBrowser(browser);
  await visitor.goto(new URL(link!).pathname);
  await expect(visitor.getByText(`${club} quiere que`, { exact: false })).toBeVisible();
  await expect(visitor.getByRole('region', { name: /tratamiento de datos/ })).toContainText(club);
  await expectAccessible(visitor, 'the public link request page');
  await visitor.getByRole('button', { name: 'Rechazar' }).click();
  await visitor
    .getByRole('dialog', { name: `¿Rechazar la solicitud de ${club}?` })
    .getByRole('button', { name: 'Rechazar' })
    .click();
  await expect(visitor.getByText(linkRequestMessages.declined).first()).toBeVisible();

  // The link is spent: opening it again says so.
  await visitor.reload();
  await expect(visitor.getByText(/Este enlace no es válido, ya se usó/)).toBeVisible();
  await visitor.context().close();
});
