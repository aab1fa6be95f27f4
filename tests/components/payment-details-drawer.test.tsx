import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetailResponse } from '../../contract/payment-details.schema';
import type { Payment } from '../../contract/payments.schema';
import { formatMoney } from '../../src/lib/money';
import { PaymentsScreen } from '../../src/screens/payments/payments-screen';
import { payment, paymentRecord, period } from './support/payment-fixtures';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

/*
 * Pagos beyond the grid (issue #12 item 6): the payment drawer with its records and
 * history, the actions it sends (record, approve, reject, cancel, exempt) and the bulk
 * actions by selected id with the server's result per payment.
 */

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LIST = '/api/pla_club_teams/1/payments';
const shownMoney = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

const ana = payment(1, {
  status: 'in_review',
  amount_paid: 50_000,
  balance: 70_000,
  overdue: false,
  // A sibling rule explains itself on the payment.
  discounts_applied: [
    {
      id: 9,
      name: 'Plan Hermanos',
      kind: 'siblings',
      value: 15,
      amount: 18_000,
      reason: '2.º hijo: 15 %',
    },
  ],
});
const luis = payment(2, {
  player: { id: 12, name: 'Luis', lastname: 'Gómez', document_number: null },
});
const anaDetail: PaymentDetailResponse['data'] = {
  payment: ana,
  records: [
    paymentRecord(31, 1, {
      amount: 70_000,
      status: 'in_review',
      receipt_number: null,
      reviewed_at: null,
      reviewed_by: null,
      reviewed_by_name: null,
      recorded_by_name: 'Ana Pérez',
      proof_url: `${LIST}/1/records/31/proof`,
      proof_content_type: 'image/webp',
    }),
    paymentRecord(30, 1),
  ],
  events: [
    {
      id: 1,
      action: 'generated',
      actor_name: null,
      record_id: null,
      amount: 120_000,
      note: null,
      at: `${period}-01T05:00:00.000Z`,
    },
    {
      id: 2,
      action: 'recorded',
      actor_name: 'Carla Contadora',
      record_id: 30,
      amount: 50_000,
      note: null,
      at: `${period}-03T15:00:00.000Z`,
    },
    {
      id: 3,
      action: 'proof_sent',
      actor_name: 'Ana Pérez',
      record_id: 31,
      amount: 70_000,
      note: null,
      at: `${period}-04T15:00:00.000Z`,
    },
  ],
};
const acted = (p: Payment) => ({ data: { payment: p, record: null } });

function server(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === LIST) return [200, { data: [ana, luis], total: 2 }];
    if (call.path === `${LIST}/1`) return [200, { data: anaDetail }];
    if (call.path === `${LIST}/2`)
      return [200, { data: { payment: luis, records: [], events: [] } }];
    if (call.path === `${LIST}/summary`) {
      const none = { count: 0, amount: 0 };
      return [
        200,
        {
          data: {
            period,
            billed: 0,
            collected: 0,
            debt: 0,
            exempt: 0,
            in_review: none,
            overdue: none,
          },
        },
      ];
    }
    if (call.path === '/api/pla_club_teams/1/payment-methods') {
      return [
        200,
        {
          data: [
            { id: 1, code: 'nequi', name: 'Nequi', accepted: true, details: null },
            { id: 2, code: 'cash', name: 'Efectivo', accepted: true, details: null },
            { id: 3, code: 'pse', name: 'PSE', accepted: false, details: null },
          ],
        },
      ];
    }
    if (call.path === '/api/pla_club_teams/1/categories') return [200, { data: [], total: 0 }];
    if (call.path === `${LIST}/1/receipt-links` && call.method === 'GET') {
      const link = {
        id: 5,
        record_id: 30,
        receipt_number: 7,
        revoked_at: null,
        created_at: `${period}-03T15:00:00.000Z`,
      };
      return [
        200,
        {
          data: [
            { ...link, expires_at: '2999-01-01T00:00:00.000Z' },
            { ...link, id: 4, expires_at: '2000-01-01T00:00:00.000Z' },
          ],
        },
      ];
    }
    if (call.path === `${LIST}/1/receipt-links/5` && call.method === 'DELETE') return [204, null];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, role: 'Contador' | 'Jugador' = 'Contador') =>
  renderRoutes('/home/payments', [{ path: '/home/payments', element: <PaymentsScreen /> }], {
    user: userWithRole(role),
    api,
  });

const posts = (calls: ServerCall[]) => calls.filter((call) => call.method === 'POST');

async function openDrawer(u: ReturnType<typeof userEvent.setup>, name: string) {
  const grid = await screen.findByRole('grid', { name: 'Pagos del club' });
  await within(grid).findByText('Ana Pérez');
  await u.click(within(grid).getByRole('button', { name: new RegExp(`^Ver el pago de ${name}`) }));
  return screen.findByRole('region', { name });
}

describe('payment drawer and actions', () => {
  it('shows a payment: amounts, its records with proof and receipt, and its history', async () => {
    renderScreen(server());
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Ana Pérez');

    expect(await within(drawer).findByRole('heading', { name: 'Ana Pérez' })).toBeVisible();
    expect(within(drawer).getByText('Valor a pagar')).toBeVisible();
    expect(within(drawer).getByText('Descuento Plan Hermanos (2.º hijo: 15 %)')).toBeVisible();
    expect(within(drawer).getByText(`− ${shownMoney(18_000)}`)).toBeVisible();
    expect(
      within(drawer).getByText(shownMoney(70_000), { selector: 'p.MuiTypography-body2' }),
    ).toBeVisible();
    const records = within(drawer).getByRole('region', { name: 'Abonos' });
    expect(within(records).getByText('Recibo N.º 7')).toBeVisible();
    expect(within(records).getByRole('button', { name: 'Ver comprobante' })).toBeVisible();
    expect(within(records).getByRole('button', { name: 'Descargar recibo' })).toBeVisible();
    expect(within(records).getByRole('button', { name: 'Compartir por WhatsApp' })).toBeVisible();
    const history = within(drawer).getByRole('region', { name: 'Historial' });
    expect(within(history).getByText(/Comprobante enviado/)).toBeVisible();
    expect(within(history).getByText(/Sistema/)).toBeVisible();
  });

  it("writes the history's instants dd/mm/aaaa hh:mm on the club's clock, not the browser's (UTC here)", async () => {
    const late = {
      ...anaDetail,
      events: [{ ...anaDetail.events[2]!, at: '2026-12-07T03:30:00.000Z' }],
    };
    renderScreen(
      server((call) =>
        call.path === `${LIST}/1`
          ? [200, { data: late }]
          : call.path === '/api/pla_club_teams/1/sessions/choices'
            ? [
                200,
                {
                  categories: [],
                  can_manage_club_wide: false,
                  trainers: [],
                  timezone: 'America/Bogota',
                },
              ]
            : undefined,
      ),
    );
    const drawer = await openDrawer(userEvent.setup(), 'Ana Pérez');
    const history = await within(drawer).findByRole('region', { name: 'Historial' });
    // 03:30 UTC on 7 December is 22:30 of the 6th in Bogotá.
    expect(within(history).getByText('06/12/2026 22:30 · Ana Pérez')).toBeVisible();
    expect(within(drawer).getByText(/Fecha límite/).parentElement).toHaveTextContent(
      /\d{2}\/\d{2}\/\d{4}/,
    );
  });

  it.each([
    ['image/webp', { download: '', target: '_blank' }],
    ['application/pdf', { download: 'comprobante-31.pdf', target: '' }],
  ] as const)(
    'hands a %s proof to the browser: an image in a new tab, a PDF saved, never opened in the app',
    async (type, expected) => {
      const handed: { download: string; target: string }[] = [];
      URL.createObjectURL = vi.fn(() => 'blob:comprobante');
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        handed.push({ download: this.download, target: this.target });
      });
      try {
        renderScreen(server());
        const fallback = globalThis.fetch;
        vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(
            input instanceof Request ? input.url : String(input),
            'http://localhost',
          );
          if (url.pathname !== `${LIST}/1/records/31/proof`) return fallback(input, init);
          const bytes = new Blob(['%PDF-1.4 /OpenAction'], { type });
          return Promise.resolve(new Response(bytes, { headers: { 'content-type': type } }));
        });
        const u = userEvent.setup();
        const drawer = await openDrawer(u, 'Ana Pérez');
        const records = within(drawer).getByRole('region', { name: 'Abonos' });
        await u.click(await within(records).findByRole('button', { name: 'Ver comprobante' }));

        await waitFor(() => expect(handed).toEqual([expected]));
      } finally {
        click.mockRestore();
      }
    },
    30_000,
  );

  it('records money received with the accepted methods and says the receipt number', async () => {
    const { calls } = renderScreen(
      server((call) =>
        call.method === 'POST' && call.path === `${LIST}/2/records`
          ? [
              201,
              {
                data: {
                  payment: { ...luis, status: 'paid' },
                  record: paymentRecord(40, 2, { receipt_number: 8 }),
                },
              },
            ]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Luis Gómez');
    await u.click(await within(drawer).findByRole('button', { name: 'Registrar abono' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar abono' });
    await u.click(within(dialog).getByLabelText(/Medio de pago/));
    expect(screen.queryByRole('option', { name: 'PSE' })).toBeNull();
    await u.click(await screen.findByRole('option', { name: 'Efectivo' }));
    await u.type(within(dialog).getByLabelText(/Referencia/), 'Caja 12');
    await u.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    expect(await screen.findByText('Abono registrado: recibo N.º 8')).toBeVisible();
    expect(posts(calls).at(-1)!.body).toMatchObject({
      amount: 120_000,
      payment_method_id: 2,
      reference: 'Caja 12',
    });
  });

  it("proposes the club's today as the payment date, not the UTC date", async () => {
    // 22:30 of 5 December in Bogotá is already the 6th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T03:30:00Z'));
    try {
      renderScreen(server());
      const u = userEvent.setup();
      const drawer = await openDrawer(u, 'Luis Gómez');
      await u.click(await within(drawer).findByRole('button', { name: 'Registrar abono' }));
      const dialog = await screen.findByRole('dialog', { name: 'Registrar abono' });
      const field = within(dialog).getByRole('group', { name: /^Fecha de pago/ });
      // The field's sections, without the bidi marks the picker puts around them.
      expect(field.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain('05/12/2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks before Esc throws away a filled record, and closes an untouched one at once', async () => {
    renderScreen(server());
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Luis Gómez');
    await u.click(await within(drawer).findByRole('button', { name: 'Registrar abono' }));
    let dialog = await screen.findByRole('dialog', { name: 'Registrar abono' });
    await u.type(within(dialog).getByLabelText(/Referencia/), 'Caja 12');
    await u.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await u.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText(/Referencia/)).toHaveValue('Caja 12');

    await u.keyboard('{Escape}');
    const again = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await u.click(within(again).getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar abono' })).toBeNull(),
    );

    await u.click(await within(drawer).findByRole('button', { name: 'Registrar abono' }));
    dialog = await screen.findByRole('dialog', { name: 'Registrar abono' });
    await u.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar abono' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull();
  });

  it('approves a proof after confirming, and rejects one only with a reason', async () => {
    const { calls } = renderScreen(
      server((call) => {
        if (call.method !== 'POST') return undefined;
        if (call.path.endsWith('/approve')) return [200, acted({ ...ana, status: 'paid' })];
        if (call.path.endsWith('/reject')) return [200, acted({ ...ana, status: 'partial' })];
        return undefined;
      }),
    );
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Ana Pérez');
    await u.click(await within(drawer).findByRole('button', { name: 'Aprobar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar comprobante' });
    expect(within(confirm).getByText(/siguiente número de recibo/)).toBeVisible();
    await u.click(within(confirm).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Comprobante aprobado')).toBeVisible();
    expect(posts(calls).at(-1)!.path).toBe(`${LIST}/1/records/31/approve`);

    await u.click(await within(drawer).findByRole('button', { name: 'Rechazar' }));
    const reject = await screen.findByRole('dialog', { name: 'Rechazar comprobante' });
    await u.click(within(reject).getByRole('button', { name: 'Rechazar' }));
    expect(await within(reject).findByText('El motivo es obligatorio')).toBeVisible();
    expect(posts(calls).filter((c) => c.path.endsWith('/reject'))).toHaveLength(0);
    await u.type(within(reject).getByLabelText(/Motivo/), 'La imagen no se lee');
    await u.click(within(reject).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(posts(calls).at(-1)!.body).toEqual({ reason: 'La imagen no se lee' }),
    );
  });

  it('shows the server’s refusal in the dialog, not a success', async () => {
    renderScreen(
      server((call) =>
        call.method === 'POST' && call.path === `${LIST}/2/cancel`
          ? [409, { message: 'El pago tiene abonos aprobados: no se puede anular' }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Luis Gómez');
    await u.click(await within(drawer).findByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular pago' });
    await u.type(within(dialog).getByLabelText(/Motivo/), 'Se retiró');
    await u.click(within(dialog).getByRole('button', { name: 'Anular' }));
    expect(await within(dialog).findByText(/no se puede anular/)).toBeVisible();
    expect(screen.queryByText('Pago anulado')).toBeNull();
  });

  it('exempts the selected payments by id and lists the server’s result for each', async () => {
    const { calls } = renderScreen(
      server((call) =>
        call.method === 'POST' && call.path === `${LIST}/bulk`
          ? [
              200,
              {
                data: {
                  action: 'exempt',
                  succeeded: 1,
                  failed: 1,
                  results: [
                    {
                      payment_id: 1,
                      ok: false,
                      status: 'in_review',
                      message: 'El pago ya está pagado: no se puede exonerar',
                    },
                    { payment_id: 2, ok: true, status: 'exempt', message: 'Pago exonerado' },
                  ],
                },
              },
            ]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Pagos del club' });
    await within(grid).findByText('Ana Pérez');
    for (const row of within(grid).getAllByRole('checkbox', { name: /Seleccionar fila/i })) {
      await u.click(row);
    }
    const bar = screen.getByRole('region', { name: 'Acciones sobre los pagos seleccionados' });
    expect(within(bar).getByText('2 pagos seleccionados')).toBeVisible();
    await u.click(within(bar).getByRole('button', { name: 'Exonerar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exonerar' });
    await u.type(within(dialog).getByLabelText(/Motivo/), 'Beca deportiva');
    await u.click(within(dialog).getByRole('button', { name: 'Exonerar' }));

    const results = await within(dialog).findByRole('list', { name: 'Resultado por pago' });
    expect(within(results).getByText('Luis Gómez · Mensualidad Sub-12')).toBeVisible();
    expect(within(results).getByText('Pago exonerado')).toBeVisible();
    expect(within(results).getByText(/no se puede exonerar/)).toBeVisible();
    expect(posts(calls).at(-1)!.body).toEqual({
      action: 'exempt',
      payment_ids: [1, 2],
      reason: 'Beca deportiva',
    });
  });

  it('shows a Jugador their payment without actions or selection', async () => {
    renderScreen(server(), 'Jugador');
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Pagos del club' });
    await within(grid).findByText('Ana Pérez');
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
    const drawer = await openDrawer(u, 'Ana Pérez');
    await within(drawer).findByRole('region', { name: 'Abonos' });
    expect(within(drawer).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Registrar abono' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Descargar recibo' })).toBeVisible();
  });

  it('tells a family a rejected proof’s reason and to send a new one; staff only the reason', async () => {
    const rejected = { ...luis, status: 'rejected' as const, status_reason: 'La imagen no se lee' };
    const api = server((call) =>
      call.path === LIST
        ? [200, { data: [ana, rejected], total: 2 }]
        : call.path === `${LIST}/2`
          ? [200, { data: { payment: rejected, records: [], events: [] } }]
          : undefined,
    );
    const family = renderScreen(api, 'Jugador');
    const u = userEvent.setup();
    let drawer = await openDrawer(u, 'Luis Gómez');
    expect(
      await within(drawer).findByText('Motivo: La imagen no se lee Envía un nuevo comprobante.'),
    ).toBeVisible();
    expect(within(drawer).getAllByText('Rechazado').length).toBeGreaterThan(0);
    family.unmount();

    renderScreen(api, 'Contador');
    drawer = await openDrawer(u, 'Luis Gómez');
    expect(await within(drawer).findByText('Motivo: La imagen no se lee')).toBeVisible();
  });

  it('lists the shared links that still work and revokes one after asking', async () => {
    const { calls } = renderScreen(server());
    const u = userEvent.setup();
    const drawer = await openDrawer(u, 'Ana Pérez');
    const links = await within(drawer).findByRole('region', { name: 'Enlaces compartidos' });
    // The expired link is not offered.
    expect(within(links).getAllByRole('button', { name: /^Revocar/ })).toHaveLength(1);
    await u.click(
      within(links).getByRole('button', { name: 'Revocar el enlace del recibo N.º 7' }),
    );
    const confirm = await screen.findByRole('dialog', { name: '¿Revocar el enlace?' });
    await u.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Enlace revocado')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `${LIST}/1/receipt-links/5`,
    ]);
  });
});
