import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerImportPreview } from '../../contract/player-imports.schema';
import { PlayerImportDialog } from '../../src/screens/player-imports/player-import-dialog';
import { theme } from '../../src/theme/theme';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = '/api/pla_club_teams/1/player-imports';
const LIMIT_MESSAGE =
  'Tu plan Gratis permite hasta 200 jugadores activos y este archivo dejaría 203: el club ' +
  'puede recibir 1 más. No se importó nada. Actualiza a Pro para agregar más.';

const mapping = {
  name: 'Nombre',
  lastname: 'Apellido',
  document_type: 'Tipo de documento',
  document_number: 'Número de documento',
  birth_date: 'Fecha de nacimiento',
  gender: 'Género',
};
const preview: PlayerImportPreview = {
  headers: Object.values(mapping),
  mapping,
  rows: [{ row: 2, status: 'new', name: 'Ana Ruiz', errors: [], note: null }],
  counts: { new: 1, update: 0, unchanged: 0, request: 0, error: 0 },
};

/** The import endpoints at the fetch level: the preview passes, the import hits the plan. */
function fakeServer() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === `${BASE}/preview`) return Response.json({ data: preview });
    if (url.pathname === BASE) {
      return Response.json(
        { message: LIMIT_MESSAGE, errors: [{ path: 'plan_limit', message: LIMIT_MESSAGE }] },
        { status: 409 },
      );
    }
    return Response.json({ message: 'No existe' }, { status: 404 });
  });
}

describe('the plan limit in the players import', () => {
  it("shows the server's message once and offers 'Actualizar a Pro' and the plan", async () => {
    const user = userEvent.setup();
    fakeServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <PlayerImportDialog clubId={1} open onClose={() => {}} />
          </QueryClientProvider>
        </ThemeProvider>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Importar jugadores' });
    const file = new File(['Nombre,Apellido\nAna,Ruiz\n'], 'jugadores.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Elegir archivo'), file);
    await user.click(await within(dialog).findByRole('button', { name: 'Ver filas' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Importar' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(LIMIT_MESSAGE);
    // Once: not repeated as a row error below it.
    expect(within(dialog).getAllByText(LIMIT_MESSAGE, { exact: false })).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'Ver el plan del club' })).toHaveAttribute(
      'href',
      '/home/subscription',
    );

    await user.click(within(alert).getByRole('button', { name: 'Actualizar a Pro' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Actualizar a Pro' });
    expect(within(upgrade).getByText(/Las funciones Pro llegarán pronto/)).toBeVisible();
  });
});
