import { ThemeProvider } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  queryOptions,
} from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../contract/common.schema';
import { ServerDataGrid } from '../../src/components/grid/server-data-grid';
import { useServerGrid } from '../../src/components/grid/use-server-grid';
import { Toaster } from '../../src/components/toaster';
import { theme } from '../../src/theme/theme';
import { windowWidth } from './support/window-width';

/*
 * The one DataGrid hook and component every grid shares, against a fake list endpoint:
 * the params it sends (page from 1, sort as -field, q, filters), what it shows, and the
 * selection, the export and the phone cards the screens rely on.
 */

interface Person {
  id: number;
  name: string;
  email: string;
  team: 'Rojo' | 'Azul';
}
type PeopleParams = ListParams<'name' | 'email'> & { team?: Person['team'] };

const people: Person[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  name: `Persona ${String(index + 1).padStart(2, '0')}`,
  email: `p${index + 1}@demo.club`,
  team: index % 2 === 0 ? 'Rojo' : 'Azul',
}));

const columns: GridColDef<Person>[] = [
  { field: 'name', headerName: 'Nombre', width: 160 },
  { field: 'email', headerName: 'Correo', width: 200 },
  { field: 'team', headerName: 'Equipo', width: 100, sortable: false },
];

/** The fake endpoint: filters, sorts and pages `people` as the server would. */
function listPeople(params: PeopleParams) {
  const q = params.q?.toLowerCase();
  const field = (params.sort ?? 'name').replace('-', '') as 'name' | 'email';
  const matching = people
    .filter((person) => !q || person.name.toLowerCase().includes(q))
    .filter((person) => !params.team || person.team === params.team)
    .sort((a, b) => a[field].localeCompare(b[field]) * (params.sort?.startsWith('-') ? -1 : 1));
  const start = (params.page - 1) * params.pageSize;
  return { data: matching.slice(start, start + params.pageSize), total: matching.length };
}

function PeopleGrid({ calls, fail }: { calls: PeopleParams[]; fail?: () => boolean }) {
  const grid = useServerGrid(
    { getRowId: (person: Person) => person.id, sortable: ['name', 'email'], defaultSort: 'name' },
    (params: PeopleParams) =>
      queryOptions({
        queryKey: ['people', params],
        queryFn: () => {
          calls.push(params);
          if (fail?.()) return Promise.reject(new Error('No se pudo cargar la lista'));
          return Promise.resolve(listPeople(params));
        },
        placeholderData: keepPreviousData,
      }),
  );
  return (
    <>
      <input
        aria-label="Buscar"
        value={grid.searchText}
        onChange={(event) => grid.setSearchText(event.target.value)}
      />
      <button type="button" onClick={() => grid.setFilter('team', 'Rojo')}>
        Solo el equipo rojo
      </button>
      <output aria-label="Seleccionadas">{grid.selectedIds.join(',')}</output>
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={{ title: 'name', fields: ['email'] }}
        ariaLabel="Personas"
        exportPath="/personas"
        checkboxSelection
      />
    </>
  );
}

function renderGrid(fail?: () => boolean, { toasts = false } = {}) {
  const calls: PeopleParams[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <PeopleGrid calls={calls} fail={fail} />
      </QueryClientProvider>
      {toasts && <Toaster />}
    </ThemeProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const rowNames = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[1]?.textContent);

/**
 * Fakes the queued export at the fetch level (the real api layer and ofetch run): the
 * POST answers a queued export, its state is 'running' on the first poll and 'done' on
 * the next (or 'failed' when `failWith` is set), then the file. Catches the POSTs' URLs
 * and keys and the saved files' names.
 */
function captureExports({ failWith }: { failWith?: string } = {}) {
  const urls: URL[] = [];
  const keys: string[] = [];
  const polls = new Map<number, number>();
  const formats = new Map<number, string>();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const state = (id: number, status: string) => ({
    id,
    status,
    format: formats.get(id),
    rows: status === 'done' ? 15 : null,
    file_name: status === 'done' ? `personas-2026-03-10.${formats.get(id)}` : null,
    error: status === 'failed' ? failWith : null,
    created_at: '2026-03-10T15:00:00.000Z',
    finished_at: null,
    expires_at: null,
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://app.test'), init);
    const url = new URL(request.url, 'http://app.test');
    if (request.method === 'POST') {
      urls.push(url);
      keys.push((JSON.parse(await request.text()) as { idempotency_key: string }).idempotency_key);
      const id = urls.length;
      formats.set(id, url.searchParams.get('format') ?? '');
      return json(state(id, 'queued'), 202);
    }
    const [, id, file] = /^\/api\/exports\/(\d+)(\/file)?$/.exec(url.pathname) ?? [];
    if (file) {
      return new Response(new Blob(['\uFEFFNombre;Correo\r\n']), {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="personas-2026-03-10.${formats.get(Number(id))}"`,
        },
      });
    }
    const seen = (polls.get(Number(id)) ?? 0) + 1;
    polls.set(Number(id), seen);
    return json(state(Number(id), seen === 1 ? 'running' : failWith ? 'failed' : 'done'));
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }),
  );
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { urls, keys, names };
}

/** The export asked for the red team sorted by the grid, every page: no page or pageSize. */
function expectRedTeamExport(url: URL | undefined, format: string) {
  expect(url?.pathname).toBe('/api/personas/export');
  expect(Object.fromEntries(url!.searchParams)).toEqual({ team: 'Rojo', sort: 'name', format });
}

/** The poll asks every second: a file comes after one or two of them. */
const POLLED = { timeout: 5_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ServerDataGrid with useServerGrid', () => {
  it('asks for page 1 of 25 sorted by the default field, then page 2 (the grid counts from 0)', async () => {
    const { calls, user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    expect(await within(grid).findByText('Persona 01')).toBeVisible();
    expect(calls[0]).toEqual({ page: 1, pageSize: 25, sort: 'name' });
    expect(screen.getByText('1–25 de 30')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /página siguiente/i }));

    expect(await within(grid).findByText('Persona 26')).toBeVisible();
    expect(calls.at(-1)).toEqual({ page: 2, pageSize: 25, sort: 'name' });
    expect(rowNames(grid)).toEqual([
      'Persona 26',
      'Persona 27',
      'Persona 28',
      'Persona 29',
      'Persona 30',
    ]);
  });

  it('sends the column sort as "-field" and goes back to the first page', async () => {
    const { calls, user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    await within(grid).findByText('Persona 01');
    await user.click(screen.getByRole('button', { name: /página siguiente/i }));
    await within(grid).findByText('Persona 26');

    await user.click(within(grid).getByRole('columnheader', { name: /Nombre/ }));

    expect(await within(grid).findByText('Persona 30')).toBeVisible();
    expect(calls.at(-1)).toEqual({ page: 1, pageSize: 25, sort: '-name' });
    expect(rowNames(grid)[0]).toBe('Persona 30');
  });

  it('searches once the person stops typing, from the first page', async () => {
    const { calls, user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    await within(grid).findByText('Persona 01');
    await user.click(screen.getByRole('button', { name: /página siguiente/i }));
    await within(grid).findByText('Persona 26');

    await user.type(screen.getByLabelText('Buscar'), '  persona 1 ');

    await waitFor(() => expect(calls.at(-1)?.q).toBe('persona 1'));
    // Debounced: one request for the whole text, not one per key.
    expect(calls.filter((call) => call.q)).toHaveLength(1);
    expect(calls.at(-1)?.page).toBe(1);
    expect(await within(grid).findByText('Persona 10')).toBeVisible();
  });

  it('sends a filter and goes back to the first page', async () => {
    const { calls, user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    await within(grid).findByText('Persona 01');
    await user.click(screen.getByRole('button', { name: /página siguiente/i }));
    await within(grid).findByText('Persona 26');

    await user.click(screen.getByRole('button', { name: 'Solo el equipo rojo' }));

    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ page: 1, pageSize: 25, sort: 'name', team: 'Rojo' }),
    );
    expect(await screen.findByText('1–15 de 15')).toBeVisible();
  });

  it('selects by row id and clears the selection when the data changes, even if the row stays', async () => {
    const { user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    const row = (await within(grid).findByText('Persona 03')).closest(
      '[role="row"]',
    ) as HTMLElement;

    await user.click(within(row).getByRole('checkbox'));
    expect(screen.getByLabelText('Seleccionadas')).toHaveTextContent(/^3$/);

    await user.click(screen.getByRole('button', { name: 'Solo el equipo rojo' }));
    await screen.findByText('1–15 de 15');

    expect(within(grid).getByText('Persona 03')).toBeVisible();
    expect(screen.getByLabelText('Seleccionadas')).toBeEmptyDOMElement();
    expect(within(grid).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it("exports the whole list from the server with the grid's filter and sort, CSV or .xlsx", async () => {
    const exports = captureExports();
    const { user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    await within(grid).findByText('Persona 01');
    await user.click(screen.getByRole('button', { name: 'Solo el equipo rojo' }));
    await screen.findByText('1–15 de 15');

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (Excel)' }));
    expect(await screen.findByRole('button', { name: 'Preparando el archivo…' })).toBeDisabled();
    await waitFor(() => expect(exports.names).toEqual(['personas-2026-03-10.csv']), POLLED);
    expectRedTeamExport(exports.urls[0], 'csv');
    expect(await screen.findByRole('button', { name: 'Exportar' })).toBeEnabled();

    // The menu works from the keyboard too: Enter opens it, arrows move, Enter picks.
    screen.getByRole('button', { name: 'Exportar' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(exports.names).toHaveLength(2), POLLED);
    expect(exports.names[1]).toBe('personas-2026-03-10.xlsx');
    expectRedTeamExport(exports.urls[1], 'xlsx');
    // Each click is its own export: a key of its own.
    expect(new Set(exports.keys).size).toBe(2);
  });

  it('tells a failed export in a toast whose Reintentar queues it again', async () => {
    const exports = captureExports({ failWith: 'No se pudo preparar el archivo' });
    const { user } = renderGrid(undefined, { toasts: true });
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    await within(grid).findByText('Persona 01');

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('No se pudo preparar el archivo', {}, POLLED)).toBeVisible();
    expect(exports.names).toEqual([]);
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(exports.urls).toHaveLength(2));
    expect(exports.urls[1]?.searchParams.get('format')).toBe('xlsx');
    expect(new Set(exports.keys).size).toBe(2);
  });

  it('exports the same way from the cards at 390 px', async () => {
    windowWidth(390);
    const exports = captureExports();
    const { user } = renderGrid();
    const cards = await screen.findByRole('list', { name: 'Personas' });
    await within(cards).findByText('Persona 01');
    await user.click(screen.getByRole('button', { name: 'Solo el equipo rojo' }));
    await waitFor(() => expect(within(cards).queryByText('Persona 02')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (Excel)' }));

    await waitFor(() => expect(exports.names).toEqual(['personas-2026-03-10.csv']), POLLED);
    expectRedTeamExport(exports.urls[0], 'csv');
  });

  it('shows the server’s message with Reintentar, and the empty text when nothing matches', async () => {
    let failing = true;
    const { user } = renderGrid(() => failing);
    expect(await screen.findByText('No se pudo cargar la lista')).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    const grid = screen.getByRole('grid', { name: 'Personas' });
    expect(await within(grid).findByText('Persona 01')).toBeVisible();

    await user.type(screen.getByLabelText('Buscar'), 'nadie');
    expect(await screen.findByText('No hay resultados')).toBeVisible();
  });

  it('shows each row as a card of its key fields at 390 px, with the same paging', async () => {
    windowWidth(390);
    const { calls, user } = renderGrid();

    const cards = await screen.findByRole('list', { name: 'Personas' });
    expect(screen.queryByRole('grid')).toBeNull();
    const first = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(first).getByText('Persona 01')).toBeVisible();
    expect(within(first).getByText('Correo')).toBeVisible();
    expect(within(first).getByText('p1@demo.club')).toBeVisible();
    expect(within(first).queryByText('Rojo')).toBeNull();

    await user.click(screen.getByRole('button', { name: /página siguiente/i }));

    expect(await within(cards).findByText('Persona 26')).toBeVisible();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(5);
    expect(calls.at(-1)).toEqual({ page: 2, pageSize: 25, sort: 'name' });
  });
});
