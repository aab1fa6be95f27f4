import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  paymentMethodMessages,
  type ClubPaymentMethod,
} from '../../contract/payment-methods.schema';
import { PaymentMethodsScreen } from '../../src/screens/payment-methods/payment-methods-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LIST = '/api/pla_club_teams/1/payment-methods';
const BANK = 'Cuenta de ahorros Bancolombia 123-456789-00 a nombre de Club Demo';

const methods: ClubPaymentMethod[] = [
  { id: 1, code: 'cash', name: 'Efectivo', accepted: true, details: 'En la sede, con recibo' },
  { id: 2, code: 'transfer', name: 'Transferencia', accepted: false, details: null },
  { id: 3, code: 'nequi', name: 'Nequi', accepted: false, details: null },
];

/** Club 1's methods; `extra` answers anything else first (the PUT). */
function methodsServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === LIST) return [200, { data: methods }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes(
    '/home/admin/payment_methods',
    [{ path: '/home/admin/payment_methods', element: <PaymentMethodsScreen /> }],
    { user, api },
  );

const card = (name: string) => screen.findByRole('form', { name });
const listCalls = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'GET' && path === LIST);

describe('payment methods screen', () => {
  it("shows one card per method of the club's country with its choice and details", async () => {
    renderScreen(methodsServer());

    expect(screen.getByRole('heading', { level: 1, name: 'Medios de pago' })).toBeVisible();
    expect(screen.getByText(/Elige cómo te pueden pagar las familias/)).toBeVisible();
    const cash = await card('Efectivo');
    expect(within(cash).getByRole('switch', { name: 'Aceptado' })).toBeChecked();
    expect(within(cash).getByLabelText('Datos para pagar')).toHaveValue('En la sede, con recibo');
    const transfer = await card('Transferencia');
    expect(within(transfer).getByRole('switch', { name: 'Aceptado' })).not.toBeChecked();
    expect(within(transfer).getByLabelText('Datos para pagar')).toHaveValue('');
    expect(screen.getAllByRole('form')).toHaveLength(3);
  });

  it('accepts a method with its details: the PUT carries them, the list is asked again', async () => {
    windowWidth(390);
    const { calls } = renderScreen(
      methodsServer(({ method }) =>
        method === 'PUT'
          ? [200, { data: { ...methods[1]!, accepted: true, details: BANK } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const transfer = await card('Transferencia');

    await u.click(within(transfer).getByRole('switch', { name: 'Aceptado' }));
    await u.type(within(transfer).getByLabelText('Datos para pagar'), `  ${BANK}`);
    await u.click(within(transfer).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Transferencia: aceptado. Cambios guardados')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/pla_club_teams/1/payment-methods/2',
      query: {},
      body: { accepted: true, details: BANK },
    });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    // What the server stored is on the card (the leading spaces trimmed).
    expect(within(transfer).getByLabelText('Datos para pagar')).toHaveValue(BANK);
  });

  it('un-accepts a method and sends an empty field as null', async () => {
    const { calls } = renderScreen(
      methodsServer(({ method }) =>
        method === 'PUT'
          ? [200, { data: { ...methods[0]!, accepted: false, details: null } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const cash = await card('Efectivo');

    await u.click(within(cash).getByRole('switch', { name: 'Aceptado' }));
    await u.clear(within(cash).getByLabelText('Datos para pagar'));
    // Keyboard only: from the field, Tab reaches the card's 'Guardar'.
    await u.tab();
    expect(within(cash).getByRole('button', { name: 'Guardar' })).toHaveFocus();
    await u.keyboard('{Enter}');

    expect(await screen.findByText('Efectivo: no aceptado. Cambios guardados')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/pla_club_teams/1/payment-methods/1',
        query: {},
        body: { accepted: false, details: null },
      },
    ]);
  });

  it("puts the server's refusal on the field and in a toast", async () => {
    const message = 'El campo Datos para pagar tiene caracteres no permitidos';
    renderScreen(
      methodsServer(({ method }) =>
        method === 'PUT' ? [400, { message, errors: [{ path: 'details', message }] }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const nequi = await card('Nequi');

    await u.type(within(nequi).getByLabelText('Datos para pagar'), '300 123 4567');
    await u.click(within(nequi).getByRole('button', { name: 'Guardar' }));

    const field = within(nequi).getByLabelText('Datos para pagar');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(/Cambios guardados/)).toBeNull();
  });

  it('shows a refusal that names no field on the card and in a toast', async () => {
    renderScreen(
      methodsServer(({ method }) =>
        method === 'PUT' ? [404, { message: paymentMethodMessages.notFound }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const nequi = await card('Nequi');

    await u.click(within(nequi).getByRole('button', { name: 'Guardar' }));

    expect(await within(nequi).findByText(paymentMethodMessages.notFound)).toBeVisible();
    expect(screen.getAllByText(paymentMethodMessages.notFound)).toHaveLength(2);
  });

  it("checks the details' length before asking the server", async () => {
    const { calls } = renderScreen(methodsServer());
    const u = userEvent.setup();
    const nequi = await card('Nequi');
    const field = within(nequi).getByLabelText('Datos para pagar');

    await u.click(field);
    await u.paste('x'.repeat(501));
    await u.click(within(nequi).getByRole('button', { name: 'Guardar' }));

    expect(
      await within(nequi).findByText(
        'El campo Datos para pagar no puede tener más de 500 caracteres',
      ),
    ).toBeVisible();
    expect(calls.some(({ method }) => method === 'PUT')).toBe(false);
  });

  it('shows skeletons while loading, then the error with a retry that asks again', async () => {
    let fail = true;
    const { calls } = renderScreen((call) =>
      fail ? [500, { message: 'No se pudieron cargar los medios de pago' }] : methodsServer()(call),
    );

    expect(await screen.findByLabelText('Cargando medios de pago')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(await screen.findByText('No se pudieron cargar los medios de pago')).toBeVisible();
    fail = false;
    const before = listCalls(calls).length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(await card('Efectivo')).toBeVisible();
    expect(listCalls(calls).length).toBeGreaterThan(before);
  });

  it('asks for a club when none is selected', async () => {
    const { calls } = renderScreen(methodsServer(), userWithoutClub());
    expect(await screen.findByRole('link', { name: 'Club / Equipo' })).toBeVisible();
    expect(listCalls(calls)).toHaveLength(0);
  });
});
