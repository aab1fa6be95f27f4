import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type JobFailure,
  type PlatformHealth,
  jobFailureMessages,
} from '../../contract/platform-health.schema';
import {
  type PlatformSettings,
  platformSettingsMessages as texts,
} from '../../contract/platform-settings.schema';
import { SuperAdminPanelScreen } from '../../src/screens/super-admin-panel/super-admin-panel-screen';
import { type ServerCall, type ServerHandler, renderRoutes } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const HEALTH = '/api/admin/platform-health';
const SETTINGS = '/api/admin/platform-settings';
const FAILURES = '/api/admin/job-failures';

const failedMail: JobFailure = {
  id: '0b6d3a52-8f0e-4c2b-9a51-3f1e2d4c5b6a',
  queue: 'mail',
  error: 'SMTP 550 buzón lleno',
  retry_count: 2,
  created_at: '2026-05-04T13:00:00.000Z',
  failed_at: '2026-05-04T14:30:00.000Z',
};
const RETRY = `${FAILURES}/mail/${failedMail.id}/retry`;

const health = (pending: number): PlatformHealth => ({
  version: '0.1.0',
  database: { kind: 'postgres', size_bytes: 7_569_531 },
  outbox: { pending, failed: 1, oldest_pending_age_seconds: 10_800 },
  jobs: [
    {
      job: 'payment-reminders',
      started_at: '2026-05-04T13:00:00.000Z',
      finished_at: '2026-05-04T13:00:02.000Z',
      outcome: 'failed',
      summary: { error: 'sin conexión' },
    },
  ],
  queues: [
    { queue: 'mail', queued: 3, active: 1, failed: 1 },
    { queue: 'payment-reminders', queued: 0, active: 0, failed: 0 },
  ],
  errors: {
    last_24h: 4,
    recent: [
      {
        id: 9,
        at: '2026-05-04T14:00:00.000Z',
        method: 'POST',
        route: '/api/invitations/:token',
        status_code: 500,
        message: 'Fallo interno',
      },
    ],
  },
  checked_at: '2026-05-04T14:05:00.000Z',
});

const settings: PlatformSettings = {
  whatsapp_number: null,
  plans: [
    {
      id: 'free',
      name: 'Gratis',
      price_cop: 0,
      description: 'Sin costo.',
      features: ['Jugadores', 'Pagos'],
      max_players: 200,
      available: true,
    },
  ],
  updated_at: null,
};

type Answer = [number, unknown] | Promise<[number, unknown]>;

function panelServer(extra?: (call: ServerCall) => Answer | undefined): ServerHandler {
  let checks = 0;
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === FAILURES) return [200, { data: [] }];
    if (call.method === 'GET' && call.path === HEALTH) return [200, { data: health(2 + checks++) }];
    if (call.method === 'GET' && call.path === SETTINGS) return [200, { data: settings }];
    if (call.method === 'GET' && call.path === '/api/config')
      return [200, { whatsapp_phone: '573001234567' }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler) =>
  renderRoutes(
    '/home/admin/super-admin-panel',
    [{ path: '/home/admin/super-admin-panel', element: <SuperAdminPanelScreen /> }],
    { user: userWithRole('Propietario del Club', { is_super_admin: true }), api },
  );

describe('super admin panel', () => {
  it('shows the health tiles, job runs and recent errors, and refreshes them', async () => {
    const { calls } = renderScreen(panelServer());
    expect(screen.getByRole('heading', { level: 1, name: 'Panel Super Admin' })).toBeVisible();
    expect(await screen.findByText('2 pendientes')).toBeVisible();
    expect(screen.getByText('PostgreSQL')).toBeVisible();
    expect(screen.getByText('7,2 MB')).toBeVisible();
    expect(screen.getByText('1 fallidos · el más antiguo espera 3 h')).toBeVisible();
    const jobs = screen.getByRole('table', { name: 'Últimas ejecuciones de tareas' });
    expect(within(jobs).getByText('Recordatorios de pago')).toBeVisible();
    expect(within(jobs).getByText('Falló')).toBeVisible();
    expect(within(jobs).getByText('error: sin conexión')).toBeVisible();
    const errors = screen.getByRole('table', { name: 'Errores recientes' });
    expect(within(errors).getByText('/api/invitations/:token')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('3 pendientes')).toBeVisible();
    expect(calls.filter((call) => call.path === HEALTH)).toHaveLength(2);
  });

  it("shows each queue's depth and says when no job failed", async () => {
    renderScreen(panelServer());
    const queues = await screen.findByRole('table', { name: 'Colas de tareas' });
    const mail = within(queues).getByRole('row', { name: /Correo/ });
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Correo', '3', '1', '1']);
    expect(await screen.findByText('No hay tareas fallidas.')).toBeVisible();
  });

  it('lists a failed job with its error and sends it again, the button off meanwhile', async () => {
    let retried = false;
    let answerRetry: (answer: [number, unknown]) => void = () => undefined;
    const { calls } = renderScreen(
      panelServer((call) => {
        if (call.path === FAILURES) return [200, { data: retried ? [] : [failedMail] }];
        if (call.method === 'POST' && call.path === RETRY) {
          return new Promise((resolve) => {
            answerRetry = (answer) => {
              retried = true;
              resolve(answer);
            };
          });
        }
        return undefined;
      }),
    );
    const table = await screen.findByRole('table', { name: 'Tareas fallidas' });
    const row = within(table).getByRole('row', { name: /SMTP 550/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Correo', 'SMTP 550 buzón lleno', '3', '04/05/2026 09:30', 'Reintentar']);

    const button = within(row).getByRole('button', {
      name: 'Reintentar la tarea de Correo fallida el 04/05/2026 09:30',
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    answerRetry([200, { data: { retried: true } }]);
    expect(await screen.findByText(jobFailureMessages.retried)).toBeVisible();
    expect(await screen.findByText('No hay tareas fallidas.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: RETRY }),
    ]);
  });

  it('says so when the job is no longer failed, and shows the list as it is now', async () => {
    let refused = false;
    const { calls } = renderScreen(
      panelServer((call) => {
        if (call.path === FAILURES) return [200, { data: refused ? [] : [failedMail] }];
        if (call.method === 'POST' && call.path === RETRY) {
          refused = true;
          return [404, { message: jobFailureMessages.notFailed }];
        }
        return undefined;
      }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Reintentar la tarea de Correo/ }),
    );
    expect(await screen.findByText(jobFailureMessages.notFailed)).toBeVisible();
    expect(await screen.findByText('No hay tareas fallidas.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'GET' && call.path === FAILURES)).toHaveLength(2);
  });

  it('shows why the failed jobs could not be read, with a way to try again', async () => {
    let reads = 0;
    renderScreen(
      panelServer((call) => {
        if (call.path !== FAILURES) return undefined;
        reads++;
        return reads === 1
          ? [403, { message: 'Solo el super administrador' }]
          : [200, { data: [] }];
      }),
    );
    expect(await screen.findByText('Solo el super administrador')).toBeVisible();
    const alert = screen.getByText('Solo el super administrador').closest('[role="alert"]');
    await userEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay tareas fallidas.')).toBeVisible();
  });

  it('refuses a WhatsApp number that is not 8 to 15 digits before sending', async () => {
    const { calls } = renderScreen(panelServer());
    const number = await screen.findByLabelText('Número de WhatsApp de soporte');
    expect(await screen.findByText(/hoy se usa 573001234567/)).toBeVisible();
    await userEvent.type(number, '300 12');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText(texts.whatsapp)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves the number and the plans, and shows a refused field under it', async () => {
    let attempts = 0;
    const { calls } = renderScreen(
      panelServer((call) => {
        if (call.method !== 'PUT') return undefined;
        attempts++;
        if (attempts === 1) {
          return [
            400,
            {
              message: 'Datos inválidos',
              errors: [{ path: 'plans.0.name', message: 'El nombre del plan ya existe' }],
            },
          ];
        }
        return [200, { data: { ...settings, whatsapp_number: '573109998877' } }];
      }),
    );
    await userEvent.type(
      await screen.findByLabelText('Número de WhatsApp de soporte'),
      '573109998877',
    );
    const price = screen.getByLabelText('Precio mensual (COP)');
    await userEvent.clear(price);
    await userEvent.type(price, '49900');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText('El nombre del plan ya existe')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      whatsapp_number: '573109998877',
      plans: [{ ...settings.plans[0], price_cop: 49_900 }],
    });
    expect(await screen.findByText('Configuración guardada')).toBeVisible();
  });
});
