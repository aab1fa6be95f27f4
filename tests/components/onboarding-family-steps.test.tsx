import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingStatusData } from '../../contract/onboarding.schema';
import { type ParentChild, parentMessages } from '../../contract/parents.schema';
import type { RoleName } from '../../contract/roles.schema';
import { RouteGuard } from '../../src/app/route-guard';
import { OnboardingLayout } from '../../src/screens/onboarding/onboarding-layout';
import { OnboardingScreen } from '../../src/screens/onboarding/onboarding-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

/*
 * The steps issue #15 adds to the wizard: a guardian's "Tus hijos" and "Autorizaciones"
 * (photo consent per child and channel) and an adult player's "Datos médicos".
 */

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/onboarding',
    element: <RouteGuard area="onboarding" />,
    children: [
      {
        element: <OnboardingLayout />,
        children: [
          { index: true, element: <OnboardingScreen /> },
          { path: '*', element: <OnboardingScreen /> },
        ],
      },
    ],
  },
];

const statusAt = (flow: string, role: string, total: number, done: number[]) =>
  ({
    completed: false,
    current_step: done.length + 1,
    total_steps: total,
    completed_steps: done,
    role_name: role,
    next_step: done.length + 1,
    progress_percentage: Math.round((100 * done.length) / total),
    flow,
    user_data: {
      name: 'Marta',
      lastname: 'Gómez',
      email: 'marta@correo.com',
      phone: '3001234567',
      birth_date: '1985-01-01',
      gender: 'female',
      document_type: 'CC',
      document_number: '52123456',
      photo_url: null,
      current_club_id: 1,
    },
  }) satisfies OnboardingStatusData;

const consent = { internal: true, public_web: false, social: false };
const summary = {
  category: { id: 3, name: 'Sub-12' },
  photo_consent: consent,
  next_sessions: [],
  attendance: { rate: null, counted: 0 },
  payments: [],
  debt: 0,
};
const children: ParentChild[] = [
  {
    club: { id: 1, name: 'Club Demo' },
    player: { id: 41, name: 'Tomás', lastname: 'Gómez' },
    status: 'authorized',
    is_primary: true,
    summary,
    identity: null,
  },
  {
    club: { id: 1, name: 'Club Demo' },
    player: { id: 42, name: 'Lucía', lastname: 'Gómez' },
    status: 'pending',
    is_primary: false,
    summary: null,
    identity: null,
  },
];

/** A wizard server at `status`, recording steps; `extra` answers the step's own calls. */
/** The answer of the step's own calls, or undefined to let the wizard's server answer. */
type StepCalls = (call: ServerCall) => Promise<[number, unknown] | undefined>;

function server(status: OnboardingStatusData, extra: StepCalls): ServerHandler {
  let current = status;
  return async (call) => {
    const answer = await extra(call);
    if (answer) return answer;
    if (call.path === '/api/config') return [200, { whatsapp_phone: null }];
    if (call.path === '/api/onboarding/status') return [200, { data: current }];
    if (call.path === '/api/profile/completion')
      return [
        200,
        {
          data: { percentage: 100, completed_fields: [], missing_fields: [], required_fields: [] },
        },
      ];
    const step = /^\/api\/onboarding\/step\/(\d)$/.exec(call.path);
    if (step) {
      const done = [...current.completed_steps, Number(step[1])];
      current = {
        ...current,
        completed_steps: done,
        next_step: done.length + 1,
        current_step: done.length + 1,
      };
      return [200, { data: current }];
    }
    return [404, { message: `No hay ${call.method} ${call.path} en este servidor de prueba` }];
  };
}

const calls = (all: ServerCall[], method: string, path: RegExp) =>
  all.filter((call) => call.method === method && path.test(call.path));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const save = (u: ReturnType<typeof userEvent.setup>) =>
  u.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
const render = (flow: string, role: RoleName, total: number, done: number[], extra: StepCalls) =>
  renderRoutes(`/onboarding/${flow}`, routes, {
    user: userWithRole(role, { onboarding: { completed: false } as never }),
    api: server(statusAt(flow, role, total, done), extra),
  });

describe('the family steps of the onboarding', () => {
  it('shows a guardian their children and link status, then saves only the photo consents they changed', async () => {
    const u = userEvent.setup();
    const view = render('padre-acudiente', 'Padre/Acudiente', 4, [1, 2], async (call) => {
      if (call.path === '/api/parents/children') return [200, { data: children }];
      if (call.method === 'PUT' && /photo-consent$/.test(call.path))
        return [200, { data: consent, message: parentMessages.photoConsentSaved }];
      return undefined;
    });

    expect(await stepHeading('Tus hijos')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Tus hijos' });
    expect(within(list).getByText('Tomás Gómez')).toBeVisible();
    expect(within(list).getByText('Autorizado')).toBeVisible();
    expect(within(list).getByText('Pendiente de autorización')).toBeVisible();
    await save(u);

    expect(await stepHeading('Autorizaciones')).toBeVisible();
    // Only the authorised child; each switch starts from what is on file.
    expect(screen.getByText(/Fotos de Tomás Gómez/)).toBeVisible();
    expect(screen.queryByText(/Fotos de Lucía/)).toBeNull();
    expect(screen.getByRole('switch', { name: 'Uso interno del club' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Redes sociales' })).not.toBeChecked();
    await u.click(screen.getByRole('switch', { name: 'Redes sociales' }));
    await save(u);

    await waitFor(() => expect(calls(view.calls, 'PUT', /photo-consent$/)).toHaveLength(1));
    const [put] = calls(view.calls, 'PUT', /photo-consent$/);
    expect(put!.path).toBe('/api/parents/child/41/photo-consent');
    expect(put!.body).toEqual({ club_id: 1, channel: 'social', granted: true });
    await waitFor(() =>
      expect(calls(view.calls, 'POST', /^\/api\/onboarding\/step\/4$/)).toHaveLength(1),
    );
  }, 20_000);

  it('prefills an adult player’s medical data from the club and saves the form', async () => {
    const u = userEvent.setup();
    const onFile = {
      eps: 'Sanitas',
      blood_type: null,
      allergies: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
    };
    const view = render('jugador', 'Jugador', 4, [1, 2], async (call) => {
      if (call.path === '/api/profile/medical' && call.method === 'GET')
        return [200, { data: onFile }];
      if (call.path === '/api/profile/medical')
        return [200, { data: { ...onFile, ...(call.body as object) } }];
      return undefined;
    });

    expect(await stepHeading('Datos médicos')).toBeVisible();
    expect(await screen.findByLabelText('EPS')).toHaveValue('Sanitas');
    await u.type(screen.getByLabelText('Alergias'), 'Penicilina');
    await u.type(screen.getByLabelText('Contacto de emergencia'), 'Ana Pérez');
    await save(u);

    await waitFor(() =>
      expect(calls(view.calls, 'PUT', /^\/api\/profile\/medical$/)).toHaveLength(1),
    );
    expect(calls(view.calls, 'PUT', /^\/api\/profile\/medical$/)[0]!.body).toMatchObject({
      eps: 'Sanitas',
      blood_type: null,
      allergies: 'Penicilina',
      emergency_contact_name: 'Ana Pérez',
    });
    expect(await stepHeading('Foto de perfil')).toBeVisible();
  }, 20_000);
});
