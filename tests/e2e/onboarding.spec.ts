import { logIn, logInAs, newPerson, register } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { latestMailTo } from './support/mail';
import { acceptAsNewPerson, invite, secondBrowser } from './support/invitations';
import {
  choose,
  fillClub,
  fillDocument,
  fillProfile,
  saveStep,
  stepHeading,
} from './support/onboarding';

test('a new person opens their club through the onboarding and lands on the dashboard in it', async ({
  page,
}) => {
  test.slow();
  const club = `Club Los Andes ${Date.now().toString(36)}`;
  await register(page, newPerson());
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await expect(page.getByRole('heading', { name: 'Configuración inicial' })).toBeVisible();

  await expect(stepHeading(page, 'Tus datos')).toBeVisible();
  await expectAccessible(page, 'onboarding step Tus datos');
  await fillProfile(page);
  await expect(stepHeading(page, 'Documento de identidad')).toBeVisible();
  await expectAccessible(page, 'onboarding step Documento de identidad');
  await fillDocument(page);
  await expect(stepHeading(page, 'Tu club')).toBeVisible();
  await expectAccessible(page, 'onboarding step Tu club');
  await fillClub(page, club);

  await expect(stepHeading(page, 'Temporada')).toBeVisible();
  await expectAccessible(page, 'onboarding step Temporada');
  await choose(page, 'Mes de inicio de temporada', 'Febrero');
  await choose(page, 'Mes de fin de temporada', 'Noviembre');
  await saveStep(page);

  // The last step invites the first trainer: the mail goes out with the club's name.
  const trainer = newPerson().email;
  await expect(stepHeading(page, 'Tu equipo')).toBeVisible();
  await expectAccessible(page, 'onboarding step Tu equipo');
  await page.getByRole('textbox', { name: 'Correo del entrenador' }).fill(trainer);
  await saveStep(page);
  await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  await expectAccessible(page, 'onboarding, finished');
  await page.getByRole('button', { name: 'Finalizar' }).click();

  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('link', { name: club })).toBeVisible();
  await expectAccessible(page, "the dashboard of the new club's owner");
  await expect.poll(() => latestMailTo(trainer)?.text ?? '').toContain(club);

  // What the wizard saved is the club's: its sport and its place.
  await page.goto('/home/club-team');
  const card = page.getByRole('article').filter({ hasText: club });
  await expect(card.getByText('Fútbol')).toBeVisible();
  await expect(card.getByText(/Medellín/)).toBeVisible();
});

test('a reload in the middle of the onboarding resumes at the next step', async ({ page }) => {
  await register(page, newPerson());
  await expect(page).toHaveURL(/\/onboarding\/default$/);
  await fillProfile(page);
  await fillDocument(page);
  await expect(stepHeading(page, 'Tu club')).toBeVisible();

  await page.reload();
  await expect(stepHeading(page, 'Tu club')).toBeVisible();
  await expect(page.getByText('40%')).toBeVisible();
});

/** An 8×8 PNG, small enough to read here. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNQaHDAihiGlgQA2gM4AQRmgAkAAAAASUVORK5CYII=';

/** Where each role lands once its onboarding is finished (SPEC §2, "Onboarding routes"). */
const landingByRole = [
  ['Entrenador', 'entrenador', /\/home\/dashboard$/],
  ['Contador', 'contador', /\/home\/dashboard$/],
  ['Jugador', 'jugador', /\/home\/player-dashboard$/],
  ['Padre/Acudiente', 'padre-acudiente', /\/home\/parent-dashboard$/],
] as const;

for (const [role, slug, landing] of landingByRole) {
  test(`an invited ${role} finishes their onboarding and lands on their page`, async ({
    page: owner,
    browser,
  }) => {
    // Two browsers and a whole wizard: give it the time of three tests.
    test.slow();
    const person = newPerson();
    await logInAs(owner, 'propietario@demo.club');
    const invitationPath = await invite(owner, person.email, role);

    const guest = await secondBrowser(browser);
    await guest.goto(invitationPath);
    await expect(guest.getByRole('button', { name: 'Aceptar invitación' })).toBeVisible();
    await expectAccessible(guest, `the invitation to ${role}, signed out`);
    // A guardian accepts the club's data-processing text (Ley 1581) to register.
    await acceptAsNewPerson(guest, person, { consent: role === 'Padre/Acudiente' });
    await expect(guest).toHaveURL(new RegExp(`/onboarding/${slug}$`));

    await fillProfile(guest);
    await fillDocument(guest);
    if (role === 'Jugador') {
      // An invited adult player fills in their medical data; the club sees it on their row.
      await expect(stepHeading(guest, 'Datos médicos')).toBeVisible();
      await expectAccessible(guest, 'onboarding step Datos médicos');
      await guest.getByLabel('EPS').fill('Sura');
      await guest.getByLabel('Contacto de emergencia').fill('Ana Pérez');
      await saveStep(guest);
    }
    if (role === 'Padre/Acudiente') {
      // Invited with no child: the steps say so, and the guardian finishes anyway.
      await expect(stepHeading(guest, 'Tus hijos')).toBeVisible();
      await expect(
        guest.getByText('Aún no tienes hijos vinculados.', { exact: false }),
      ).toBeVisible();
      await expectAccessible(guest, 'onboarding step Tus hijos');
      await saveStep(guest);
      await expect(stepHeading(guest, 'Autorizaciones')).toBeVisible();
      await expectAccessible(guest, 'onboarding step Autorizaciones');
      await saveStep(guest);
    } else {
      await expect(stepHeading(guest, 'Foto de perfil')).toBeVisible();
      await expectAccessible(guest, `onboarding step Foto de perfil (${role})`);
    }
    if (role === 'Entrenador') {
      // One of them uploads a photo; the server stores it resized and serves it.
      await guest.getByLabel('Foto de perfil').setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: Buffer.from(TINY_PNG, 'base64'),
      });
      await saveStep(guest);
      await expect(guest.getByRole('button', { name: 'Finalizar' })).toBeVisible();
      const token = await guest.evaluate(() => localStorage.getItem('jwtToken'));
      const status = await guest.request.get('/api/onboarding/status', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const photoUrl = ((await status.json()) as { data: { user_data: { photo_url: string } } })
        .data.user_data.photo_url;
      expect(photoUrl).toMatch(/^\/api\/files\/photos\/.+\.webp$/);
      const photo = await guest.request.get(photoUrl);
      expect(photo.headers()['content-type']).toBe('image/webp');
    } else if (role !== 'Padre/Acudiente') {
      await guest.getByRole('button', { name: 'Omitir' }).click();
    }
    await guest.getByRole('button', { name: 'Finalizar' }).click();
    await expect(guest).toHaveURL(landing);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(guest, `the landing page of ${role}`);

    // It is stored: a new sign-in skips the wizard, which now sends them to their page.
    await guest.context().close();
    const again = await secondBrowser(browser);
    await again.goto('/login');
    await logIn(again, person.email, person.password);
    await expect(again).toHaveURL(/\/home\//);
    await again.goto('/onboarding');
    await expect(again).toHaveURL(landing);
    await again.context().close();
  });
}
