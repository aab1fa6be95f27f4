import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_POLICY_VERSION, TERMS_VERSION, consentMessages } from '../../contract/auth.schema';
import { renderApp, serverRefusal, userFixture } from './support/render-app';

afterEach(() => localStorage.clear());

const TERMS = /Acepto los términos y condiciones/;
const DATA_POLICY = /Autorizo el tratamiento de mis datos personales/;

/** Types `values`, ticks both acceptances unless `consent` is false, and submits. */
async function fillForm(values: Record<string, string>, consent = true) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(await screen.findByLabelText(label), value);
  }
  if (consent) {
    await user.click(screen.getByRole('checkbox', { name: TERMS }));
    await user.click(screen.getByRole('checkbox', { name: DATA_POLICY }));
  }
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const valid = {
  Nombre: 'Carla',
  Apellido: 'Gómez',
  'Correo electrónico': 'carla@demo.club',
  Contraseña: 'Demo1234!',
  'Confirmar contraseña': 'Demo1234!',
};

describe('register screen', () => {
  it('refuses a weak password and a mismatched confirmation with the contract’s words', async () => {
    const register = vi.fn();
    renderApp('/register', { register });

    await fillForm({ ...valid, Contraseña: 'corta', 'Confirmar contraseña': 'otra' });

    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeVisible();
    expect(register).not.toHaveBeenCalled();
  });

  it('rates the password while it is typed and refuses one with the person’s name', async () => {
    const register = vi.fn();
    const user = userEvent.setup();
    renderApp('/register', { register });
    await user.type(await screen.findByLabelText('Nombre'), 'Carla');
    const password = screen.getByLabelText('Contraseña');

    await user.type(password, 'Carla2026x');
    expect(screen.getByText('Seguridad de la contraseña: Muy débil')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'Trigal-Azul-42');
    expect(screen.getByText('Seguridad de la contraseña: Buena')).toBeVisible();

    await user.clear(password);
    await fillForm({
      ...valid,
      Nombre: '',
      Contraseña: 'Carla2026x',
      'Confirmar contraseña': 'Carla2026x',
    });
    expect(
      await screen.findByText('La contraseña no puede contener tu nombre ni tu correo'),
    ).toBeVisible();
    expect(register).not.toHaveBeenCalled();
  });

  it('refuses one of the most used passwords with the contract’s reason', async () => {
    const register = vi.fn();
    renderApp('/register', { register });
    await fillForm({ ...valid, Contraseña: 'password1', 'Confirmar contraseña': 'password1' });
    expect(
      await screen.findByText('Esa contraseña es de las más usadas; elige otra'),
    ).toBeVisible();
    expect(register).not.toHaveBeenCalled();
  });

  it('shows “El correo ya está registrado” on the email field and in the alert', async () => {
    const register = vi.fn().mockRejectedValue(
      serverRefusal(422, 'El correo ya está registrado', {
        email: 'El correo ya está registrado',
      }),
    );
    renderApp('/register', { register });

    await fillForm(valid);

    expect(await screen.findByRole('alert')).toHaveTextContent('El correo ya está registrado');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('El correo ya está registrado')).toHaveLength(2);
  });

  it('signs the new user in and opens the dashboard', async () => {
    const register = vi.fn().mockResolvedValue({ token: 'jwt-new', user: userFixture('Carla') });
    renderApp('/register', { register });

    await fillForm(valid);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect(register).toHaveBeenCalledWith({
      name: 'Carla',
      lastname: 'Gómez',
      email: 'carla@demo.club',
      password: 'Demo1234!',
      password_confirmation: 'Demo1234!',
      accept_terms: true,
      terms_version: TERMS_VERSION,
      accept_data_policy: true,
      data_policy_version: PRIVACY_POLICY_VERSION,
    });
    expect(localStorage.getItem('jwtToken')).toBe('jwt-new');
  });

  it('links the terms and the privacy notice and refuses to sign up without both acceptances', async () => {
    const register = vi.fn();
    renderApp('/register', { register });

    const terms = await screen.findByRole('link', { name: 'leer los términos y condiciones' });
    expect(terms).toHaveAttribute('href', '/terminos');
    expect(screen.getByRole('link', { name: 'leer la política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
    await fillForm(valid, false);

    expect(await screen.findByText(consentMessages.termsRequired)).toBeVisible();
    expect(screen.getByText(consentMessages.dataPolicyRequired)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: TERMS })).toHaveAttribute('aria-invalid', 'true');
    expect(register).not.toHaveBeenCalled();
  });

  it('says so when the terms changed since the page was opened (409)', async () => {
    const register = vi.fn().mockRejectedValue(
      serverRefusal(409, consentMessages.termsOutdated, {
        terms_version: consentMessages.termsOutdated,
      }),
    );
    renderApp('/register', { register });

    await fillForm(valid);

    expect(await screen.findByRole('alert')).toHaveTextContent(consentMessages.termsOutdated);
  });
});
