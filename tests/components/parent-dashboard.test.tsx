import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FamilyCharts } from '../../contract/dashboards.schema';
import {
  parentMessages,
  type FamilySummary,
  type ParentDashboardEntry,
  type PlayerGuardian,
} from '../../contract/parents.schema';
import { formatMoney } from '../../src/lib/money';
import { ParentDashboardScreen } from '../../src/screens/parents/parent-dashboard-screen';
import { payment } from './support/payment-fixtures';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';
import { renderingCharts } from './support/charts';

renderingCharts();

const demo = { id: 1, name: 'Club Deportivo Demo' };
const norte = { id: 2, name: 'Club Norte' };

const summary: FamilySummary = {
  category: { id: 2, name: 'Sub-12' },
  photo_consent: { internal: true, public_web: false, social: false },
  next_sessions: [
    {
      id: 7,
      title: 'Técnica con balón',
      type: 'training',
      starts_at: '2026-11-26T23:00:00.000Z', // 18:00 in Bogotá
      ends_at: '2026-11-27T00:30:00.000Z',
      location: 'Cancha 2',
    },
  ],
  attendance: { rate: 0.85, counted: 20 },
  payments: [
    {
      id: 31,
      period: '2026-10',
      concept: 'Mensualidad',
      amount_due: 120_000,
      due_date: '2026-10-05',
      status: 'overdue',
      reason: null,
    },
    {
      id: 32,
      period: '2026-11',
      concept: 'Mensualidad',
      amount_due: 120_000,
      due_date: '2026-11-05',
      status: 'in_review',
      reason: null,
    },
  ],
  debt: 120_000,
};

const attendanceCounts = { sessions: 8, late: 1, absent: 2, excused: 1 };
const charts: FamilyCharts = {
  attendance_months: [
    { month: '2026-10', ...attendanceCounts, recorded: 12, present: 8, rate: 9 / 11 },
    { month: '2026-11', ...attendanceCounts, recorded: 6, present: 2, rate: 3 / 5 },
  ],
  payment_months: [
    { month: '2026-09', billed: 120_000, paid: 120_000 },
    { month: '2026-10', billed: 120_000, paid: 0 },
    { month: '2026-11', billed: 150_000, paid: 30_000 },
  ],
};
const noCharts: FamilyCharts = {
  attendance_months: [],
  payment_months: [{ month: '2026-11', billed: 0, paid: 0 }],
};

const child = (
  club: { id: number; name: string },
  id: number,
  name: string,
  overrides: Partial<ParentDashboardEntry> = {},
): ParentDashboardEntry => ({
  club,
  player: { id, name, lastname: 'Gómez' },
  status: 'authorized',
  is_primary: true,
  summary,
  identity: {
    id,
    name,
    lastname: 'Gómez',
    document_type: 'TI',
    document_number: `101234567${id}`,
    birth_date: '2014-04-05',
    gender: 'male',
  },
  charts,
  ...overrides,
});
const juan = child(demo, 1, 'Juan');
const ana = child(demo, 3, 'Ana', {
  status: 'pending',
  is_primary: false,
  summary: null,
  identity: null,
  charts: null,
});

const methods = [
  { id: 1, code: 'nequi', name: 'Nequi', accepted: true, details: '300 123 4567 · Club Demo' },
  { id: 2, code: 'pse', name: 'PSE', accepted: false, details: null },
];

const guardian = (
  id: number,
  name: string,
  status: PlayerGuardian['status'],
  isPrimary = false,
): PlayerGuardian => ({
  guardian_id: id,
  name,
  lastname: 'Gómez',
  email: `${name.toLowerCase()}@familia.test`,
  status,
  is_primary: isPrimary,
  decided_at: null,
});
/** Juan's guardians: the signed-in primary guardian, one waiting and one authorised. */
const guardians = [
  guardian(10, 'Marta', 'authorized', true),
  guardian(11, 'Pedro', 'pending'),
  guardian(12, 'Rosa', 'authorized'),
];

/** The guardian's children (`children`), the clubs' payment methods, and `extra` first. */
const server =
  (
    children: ParentDashboardEntry[] | (() => [number, unknown]),
    extra?: ServerHandler,
  ): ServerHandler =>
  async (call) => {
    const answer = extra ? await extra(call) : undefined;
    if (answer && answer[0] !== 404) return answer;
    if (call.method === 'GET' && call.path === '/api/dashboard/parent') {
      return typeof children === 'function' ? children() : [200, { data: children }];
    }
    if (call.method === 'GET' && /\/api\/pla_club_teams\/\d+\/payment-methods$/.test(call.path)) {
      return [200, { data: methods }];
    }
    if (call.method === 'GET' && /\/players\/\d+\/guardians$/.test(call.path)) {
      return [200, { data: guardians }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };

const renderScreen = (handler: ServerHandler) =>
  renderRoutes(
    '/home/parent-dashboard',
    [{ path: '/home/parent-dashboard', element: <ParentDashboardScreen /> }],
    { user: userWithRole('Padre/Acudiente'), api: handler },
  );

const card = (name: string) => screen.findByRole('article', { name });
const spaced = (text: string) => text.replace(/\s/g, ' ');
/** 'octubre de 2026' for '2026-10', written here with the months' names. */
const monthName = (month: string) => {
  const names = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto'];
  names.push('septiembre', 'octubre', 'noviembre', 'diciembre');
  return `${names[Number(month.slice(5)) - 1]} de ${month.slice(0, 4)}`;
};
/** A table's body rows: the row header then every cell, spaces made plain. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      spaced(within(row).getByRole('rowheader').textContent ?? ''),
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => spaced(cell.textContent ?? '')),
    ]);

describe('parent dashboard', { timeout: 30_000 }, () => {
  it('shows an authorised child’s summary and only the wait for a pending one', async () => {
    renderScreen(server([juan, ana]));

    const authorised = await card('Juan Gómez');
    expect(within(authorised).getByText('Sub-12')).toBeVisible();
    expect(within(authorised).getByText('Entrenamiento · Técnica con balón')).toBeVisible();
    expect(within(authorised).getByText(/26\/11\/2026 18:00 · Cancha 2/)).toBeVisible();
    expect(within(authorised).getByText(/85\s?% de 20 sesiones \(últimos 90 días\)/)).toBeVisible();
    expect(within(authorised).getByText('Vencido')).toBeVisible();
    expect(within(authorised).getByText('En revisión')).toBeVisible();
    expect(within(authorised).getByText(/Deuda:/)).toHaveTextContent(/\$\s?120\.000/);
    // In review already: only the overdue payment offers another proof.
    expect(within(authorised).getAllByRole('button', { name: /Enviar comprobante/ })).toHaveLength(
      1,
    );
    expect(await within(authorised).findByText('Nequi')).toBeVisible();
    expect(within(authorised).getByText('300 123 4567 · Club Demo')).toBeVisible();
    expect(within(authorised).queryByText('PSE')).toBeNull();
    expect(
      within(authorised).getByRole('switch', {
        name: 'Uso interno del club: fotos de Juan Gómez',
      }),
    ).toBeChecked();

    const pending = await card('Ana Gómez');
    expect(within(pending).getByText(parentMessages.pendingAuthorization)).toBeVisible();
    expect(within(pending).getByText('Pendiente de autorización')).toBeVisible();
    expect(within(pending).queryByText(/Categoría/)).toBeNull();
    expect(within(pending).queryByText(/Pagos/)).toBeNull();
    // One club: the cards are not labelled by club.
    expect(screen.queryByText('Club Deportivo Demo')).toBeNull();
  });

  it('shows a rejected proof as Rechazado with its reason and offers to send a new one', async () => {
    const rejected = child(demo, 1, 'Juan', {
      summary: {
        ...summary,
        payments: [
          {
            id: 33,
            period: '2026-11',
            concept: 'Mensualidad',
            amount_due: 120_000,
            due_date: '2026-11-05',
            status: 'rejected',
            reason: 'El valor no coincide',
          },
        ],
      },
    });
    renderScreen(server([rejected]));

    const authorised = await card('Juan Gómez');
    expect(within(authorised).getByText('Rechazado')).toBeVisible();
    expect(within(authorised).queryByText('Pendiente')).toBeNull();
    expect(
      within(authorised).getByText(
        'Comprobante rechazado. Motivo: El valor no coincide. Envía un nuevo comprobante.',
      ),
    ).toBeVisible();
    expect(
      within(authorised).getByRole('button', { name: /Enviar comprobante de Mensualidad/ }),
    ).toBeVisible();
  });

  it(
    'lets the primary guardian invite another guardian, authorise a waiting one and revoke one after asking',
    { timeout: 60_000 },
    async () => {
      const { calls } = renderScreen(
        server([juan], (call) => {
          if (call.method === 'POST' && call.path === '/api/parents/child/1/invite-guardian') {
            const body = call.body as { email: string };
            if (body.email === 'marta@familia.test') {
              return [
                422,
                {
                  message: 'Ese es tu correo: escribe el de la otra persona',
                  errors: [
                    { path: 'email', message: 'Ese es tu correo: escribe el de la otra persona' },
                  ],
                },
              ];
            }
            return [
              200,
              {
                data: { email: body.email, player_id: 1 },
                message: `Enviamos la invitación a ${body.email}. Cuando la acepte, quedará como acudiente de Juan Gómez.`,
              },
            ];
          }
          if (call.method === 'PUT' && call.path === '/api/parents/child/1/authorize') {
            const body = call.body as { guardian_id: number; status: PlayerGuardian['status'] };
            const decided = guardians.find((g) => g.guardian_id === body.guardian_id)!;
            return [200, { data: { ...decided, status: body.status }, message: 'ok' }];
          }
          return [404, null];
        }),
      );
      const u = userEvent.setup();
      const authorised = await card('Juan Gómez');
      const section = within(authorised).getByRole('region', { name: 'Acudientes' });
      expect(await within(section).findByText('Pedro Gómez')).toBeVisible();
      // The primary guardian's own row has no actions.
      expect(within(section).queryByRole('button', { name: /Marta Gómez/ })).toBeNull();

      await u.click(within(section).getByRole('button', { name: 'Autorizar a Pedro Gómez' }));
      await waitFor(() =>
        expect(calls.filter(({ method }) => method === 'PUT').map(({ body }) => body)).toEqual([
          { club_id: 1, guardian_id: 11, status: 'authorized' },
        ]),
      );

      await u.click(within(section).getByRole('button', { name: 'Revocar a Rosa Gómez' }));
      const confirm = await screen.findByRole('dialog', {
        name: '¿Revocar a Rosa Gómez como acudiente de Juan Gómez?',
      });
      expect(calls.filter(({ method }) => method === 'PUT')).toHaveLength(1);
      await u.click(within(confirm).getByRole('button', { name: 'Revocar' }));
      await waitFor(() =>
        expect(calls.filter(({ method }) => method === 'PUT').at(-1)?.body).toEqual({
          club_id: 1,
          guardian_id: 12,
          status: 'denied',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await u.click(
        within(section).getByRole('button', { name: 'Invitar a otro acudiente de Juan Gómez' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Invitar a otro acudiente de Juan Gómez',
      });
      await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
      expect(await within(dialog).findByText('El nombre es obligatorio')).toBeVisible();
      await u.click(within(dialog).getByLabelText(/Nombre completo/));
      await u.paste('Luis Gómez');
      await u.click(within(dialog).getByLabelText(/Correo/));
      await u.paste('marta@familia.test');
      await u.click(within(dialog).getByLabelText(/Parentesco/));
      await u.click(await screen.findByRole('option', { name: 'Padre' }));
      await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
      // The server's refusal goes on its field.
      expect(
        await within(dialog).findByText('Ese es tu correo: escribe el de la otra persona'),
      ).toBeVisible();
      await u.clear(within(dialog).getByLabelText(/Correo/));
      await u.click(within(dialog).getByLabelText(/Correo/));
      await u.paste('luis@familia.test');
      await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
      expect(
        await screen.findByText(
          'Enviamos la invitación a luis@familia.test. Cuando la acepte, quedará como acudiente de Juan Gómez.',
        ),
      ).toBeVisible();
      const invites = calls.filter(({ path }) => path.endsWith('/invite-guardian'));
      expect(invites.at(-1)?.body).toEqual({
        club_id: 1,
        name: 'Luis Gómez',
        email: 'luis@familia.test',
        relationship: 'father',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );

  it('shows no guardians section to a guardian who is not the primary one', async () => {
    renderScreen(server([child(demo, 1, 'Juan', { is_primary: false })]));
    const authorised = await card('Juan Gómez');
    expect(within(authorised).getByText('Sub-12')).toBeVisible();
    expect(
      within(authorised).queryByRole('button', { name: /Invitar a otro acudiente/ }),
    ).toBeNull();
  });

  it('says a denied link is the club’s decision, nothing of the child', async () => {
    renderScreen(
      server([
        child(demo, 3, 'Ana', { status: 'denied', summary: null, identity: null, charts: null }),
      ]),
    );

    const denied = await card('Ana Gómez');
    expect(within(denied).getByText(parentMessages.deniedAuthorization)).toBeVisible();
    expect(within(denied).queryByText(/Próximas sesiones/)).toBeNull();
  });

  it('labels each child by club when the children are in two clubs', async () => {
    renderScreen(server([juan, child(norte, 9, 'Sofía')]));

    const first = await card('Juan Gómez · Club Deportivo Demo');
    expect(within(first).getByText('Club Deportivo Demo')).toBeVisible();
    const second = await card('Sofía Gómez · Club Norte');
    expect(within(second).getByText('Club Norte')).toBeVisible();
  });

  it('says how to get a child linked when there is none', async () => {
    renderScreen(server([]));

    expect(
      await screen.findByText('Aún no tienes hijos vinculados. Pide al club que te invite.'),
    ).toBeVisible();
  });

  it('shows the server’s message and loads again on ‘Reintentar’', async () => {
    let fail = true;
    renderScreen(
      server(() =>
        fail ? [500, { message: 'Error interno del servidor' }] : [200, { data: [juan] }],
      ),
    );
    const u = userEvent.setup();

    expect(await screen.findByText('Error interno del servidor')).toBeVisible();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await card('Juan Gómez')).toBeVisible();
  });

  it('saves a photo consent per channel', async () => {
    const { calls } = renderScreen(
      server([juan], (call) =>
        call.method === 'PUT'
          ? [
              200,
              {
                data: { internal: true, public_web: true, social: false },
                message: parentMessages.photoConsentSaved,
              },
            ]
          : [404, null],
      ),
    );
    const u = userEvent.setup();
    const authorised = await card('Juan Gómez');

    await u.click(
      within(authorised).getByRole('switch', { name: 'Sitio web público: fotos de Juan Gómez' }),
    );

    expect(
      await screen.findByText(`${parentMessages.photoConsentSaved}: Sitio web público`),
    ).toBeVisible();
    expect(calls.filter(({ method }) => method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/parents/child/1/photo-consent',
        query: {},
        body: { club_id: 1, channel: 'public_web', granted: true },
      },
    ]);
  });

  it('sends a proof for an overdue payment with the file and the club’s method', async () => {
    const proofs = (calls: ServerCall[]) =>
      calls.filter(({ method, path }) => method === 'POST' && path.endsWith('/proofs'));
    const { calls } = renderScreen(
      server([juan], (call) =>
        call.method === 'POST'
          ? [201, { data: { payment: payment(31, { status: 'in_review' }), record: null } }]
          : [404, null],
      ),
    );
    const u = userEvent.setup();
    const authorised = await card('Juan Gómez');

    await u.click(
      within(authorised).getByRole('button', {
        name: 'Enviar comprobante de Mensualidad · octubre de 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enviar comprobante' });
    await u.click(within(dialog).getByLabelText(/Medio de pago/));
    await u.click(await screen.findByRole('option', { name: 'Nequi' }));
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // No file yet: nothing is sent.
    expect(await within(dialog).findByText(/Adjunta el comprobante/)).toBeVisible();
    expect(proofs(calls)).toEqual([]);

    const file = new File(['%PDF-1.4'], 'transferencia.pdf', { type: 'application/pdf' });
    await u.upload(within(dialog).getByLabelText(/Adjuntar comprobante/), file);
    expect(within(dialog).getByText('transferencia.pdf')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Comprobante enviado: el club lo revisará')).toBeVisible();
    expect(proofs(calls).map(({ path }) => path)).toEqual([
      '/api/pla_club_teams/1/payments/31/proofs',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Enviar comprobante' })).toBeNull(),
    );
  });

  it('shows an authorised child’s charts with tables of the answer’s figures', async () => {
    renderScreen(server([juan, ana]));
    const authorised = await card('Juan Gómez');

    const attendance = await within(authorised).findByRole(
      'table',
      { name: 'Asistencia por mes de Juan Gómez' },
      { timeout: 5000 },
    );
    expect(rowsOf(attendance)).toEqual(
      charts.attendance_months.map((m) => [
        monthName(m.month),
        `${Math.round((m.rate ?? 0) * 100)} %`,
        String(m.present + m.late),
        String(m.recorded - m.excused),
      ]),
    );
    const paid = within(authorised).getByRole('table', { name: 'Pagos por mes de Juan Gómez' });
    expect(rowsOf(paid)).toEqual(
      charts.payment_months.map((m) => [
        monthName(m.month),
        spaced(formatMoney(m.billed)),
        spaced(formatMoney(m.paid)),
      ]),
    );
    expect(
      within(authorised).getByText(/presentes y tardanzas sobre las marcas contadas/),
    ).toBeVisible();
    // A pending link shows no chart.
    expect(within(await card('Ana Gómez')).queryByRole('table')).toBeNull();
  });

  it('says so when a child has no attendance nor charges in the months', async () => {
    renderScreen(server([child(demo, 1, 'Juan', { charts: noCharts })]));
    const authorised = await card('Juan Gómez');

    expect(
      await within(authorised).findByText(
        'Aún no hay asistencia registrada en estos meses.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(within(authorised).getByText('Sin cobros en estos meses.')).toBeVisible();
    expect(within(authorised).queryByRole('table')).toBeNull();
  });

  it('fits a 390 px phone', async () => {
    windowWidth(390);
    renderScreen(server([juan]));

    const authorised = await card('Juan Gómez');
    expect(within(authorised).getByRole('heading', { name: 'Juan Gómez' })).toBeVisible();
    expect(within(authorised).getByText('Vencido')).toBeVisible();
  });

  it('edits an authorised child’s identity: asks before Esc discards, puts the server’s refusal on its field', async () => {
    const refusal = 'Ese documento ya es de otra persona registrada';
    let tries = 0;
    const identity = {
      id: 1,
      name: 'Juan',
      lastname: 'Gómez',
      document_type: 'TI',
      document_number: '1012345678',
      birth_date: '2014-04-05',
      gender: 'male',
    };
    const { calls } = renderScreen(
      server([juan, ana], ({ method, path }) => {
        if (method === 'GET' && path === '/api/parents/children') {
          return [
            200,
            {
              data: [
                { ...juan, charts: undefined, identity },
                { ...ana, charts: undefined, identity: null },
              ],
            },
          ];
        }
        if (method === 'PUT' && path === '/api/parents/child/1/identity') {
          tries += 1;
          return tries === 1
            ? [422, { message: refusal, errors: [{ path: 'document_number', message: refusal }] }]
            : [200, { data: identity }];
        }
        return [404, { message: 'No fake' }];
      }),
    );
    const u = userEvent.setup();

    const pending = await card('Ana Gómez');
    expect(within(pending).queryByRole('button', { name: /Editar datos/ })).toBeNull();
    await u.click(
      within(await card('Juan Gómez')).getByRole('button', { name: 'Editar datos de Juan Gómez' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos de Juan Gómez' });
    const number = await within(dialog).findByLabelText(/^Número de documento/);
    expect(number).toHaveValue('1012345678');
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('Juan');

    await u.clear(number);
    await u.type(number, '1099999999');
    await u.keyboard('{Escape}');
    const discard = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await u.click(within(discard).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Descartar/ })).toBeNull());
    expect(within(dialog).getByLabelText(/^Número de documento/)).toHaveValue('1099999999');

    await u.click(await within(dialog).findByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Número de documento/)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(dialog).getByText(refusal)).toBeVisible();
    const put = calls.find(({ method }) => method === 'PUT')!;
    const { id: _id, ...fields } = identity;
    expect(put.body).toEqual({ ...fields, document_number: '1099999999' });

    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos de Juan Gómez actualizados')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
