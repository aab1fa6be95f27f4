import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  playerImportMessages,
  playerImportRowStatusLabels,
  type PlayerImportPreview,
  type PlayerImportResult,
} from '../../contract/player-imports.schema';
import { PlayerImportDialog } from '../../src/screens/player-imports/player-import-dialog';
import {
  PlayerImportMappingStep,
  REMEMBERED,
} from '../../src/screens/player-imports/player-import-mapping-step';
import { PlayerImportRowsStep } from '../../src/screens/player-imports/player-import-rows-step';
import { theme } from '../../src/theme/theme';
import { windowWidth } from './support/window-width';
import { createQueryClient } from '../../src/api/query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = '/api/pla_club_teams/1/player-imports';

interface Upload {
  path: string;
  fileName: string | null;
  mapping: unknown;
}

const headers = [
  'Nombre',
  'Apellido',
  'Tipo de documento',
  'Número de documento',
  'Fecha de nacimiento',
  'Género',
  'Categoría',
  'Nombres',
];
const mapping = {
  name: 'Nombre',
  lastname: 'Apellido',
  document_type: 'Tipo de documento',
  document_number: 'Número de documento',
  birth_date: 'Fecha de nacimiento',
  gender: 'Género',
  category: 'Categoría',
};
const ok = (row: number, name: string) => ({
  row,
  status: 'new' as const,
  name,
  errors: [],
  note: null,
});
const withErrors: PlayerImportPreview = {
  headers,
  mapping,
  rows: [
    ok(2, 'Ana Ruiz'),
    {
      row: 3,
      status: 'error',
      name: 'Luis Peña',
      errors: [
        {
          field: 'category',
          message: 'La categoría «Sub-99» no existe o no está activa en este club',
        },
      ],
      note: null,
    },
  ],
  counts: { new: 1, update: 0, unchanged: 0, request: 0, error: 1 },
};
const clean: PlayerImportPreview = {
  headers,
  mapping,
  rows: [ok(2, 'Ana Ruiz'), ok(3, 'Luis Peña')],
  counts: { new: 2, update: 0, unchanged: 0, request: 0, error: 0 },
};

/** The import endpoints faked at the fetch level; each upload is recorded with its parts. */
function fakeServer(answer: (upload: Upload) => [number, unknown]) {
  const uploads: Upload[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const form = init?.body instanceof FormData ? init.body : null;
    const file = form?.get('file');
    const sentMapping = form?.get('mapping');
    const upload = {
      path: url.pathname,
      fileName: file instanceof File ? file.name : null,
      mapping: typeof sentMapping === 'string' ? JSON.parse(sentMapping) : null,
    };
    uploads.push(upload);
    const [status, body] = answer(upload);
    return Response.json(body, { status });
  });
  return uploads;
}

function renderDialog(onClose: () => void = () => {}) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PlayerImportDialog clubId={1} open onClose={onClose} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { invalidate };
}

const csvFile = (name: string) =>
  new File(['Nombre,Apellido\nAna,Ruiz\n'], name, { type: 'text/csv' });

describe('player import dialog', () => {
  it('previews, shows the errors, takes the fixed file and imports it', async () => {
    const user = userEvent.setup();
    const uploads = fakeServer(({ path, fileName }) => {
      if (path === `${BASE}/preview`)
        return [200, { data: fileName === 'corregido.csv' ? clean : withErrors }];
      if (path === BASE)
        return [
          201,
          {
            data: {
              created: 2,
              updated: 0,
              unchanged: 0,
              requested: 0,
            } satisfies PlayerImportResult,
          },
        ];
      return [404, { message: 'No existe' }];
    });
    const { invalidate } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Importar jugadores' });
    expect(within(dialog).getByRole('button', { name: 'Plantilla CSV' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Plantilla Excel' })).toBeVisible();

    await user.upload(within(dialog).getByLabelText('Elegir archivo'), csvFile('jugadores.csv'));
    // Step 2: the server's mapping, required fields marked.
    const nameSelect = await within(dialog).findByRole('combobox', { name: /^Nombre/ });
    expect(nameSelect).toHaveTextContent('Nombre');
    expect(within(dialog).getByRole('combobox', { name: /^Teléfono$/ })).toHaveTextContent(
      'No importar',
    );
    expect(uploads).toEqual([
      { path: `${BASE}/preview`, fileName: 'jugadores.csv', mapping: null },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Ver filas' }));

    // Step 3: counts, only the errors at first, 'Importar' disabled.
    expect(await within(dialog).findByText('1 con errores')).toBeVisible();
    expect(within(dialog).getByText('1 nuevo')).toBeVisible();
    const table = within(dialog).getByRole('table', { name: 'Filas del archivo' });
    expect(within(table).getByText('Luis Peña')).toBeVisible();
    expect(within(table).queryByText('Ana Ruiz')).toBeNull();
    expect(within(table).getByText(/no existe o no está activa/)).toHaveTextContent(
      'Categoría: La categoría «Sub-99» no existe o no está activa en este club',
    );
    expect(within(dialog).getByText(/Corrige el archivo y vuelve a subirlo/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Solo errores'));
    expect(within(table).getByText('Ana Ruiz')).toBeVisible();
    // No second preview for an unchanged mapping.
    expect(uploads).toHaveLength(1);

    await user.upload(within(dialog).getByLabelText('Subir de nuevo'), csvFile('corregido.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Ver filas' }));
    expect(await within(dialog).findByText('2 nuevos')).toBeVisible();
    const importButton = within(dialog).getByRole('button', { name: 'Importar' });
    expect(importButton).toBeEnabled();
    await user.click(importButton);

    expect(
      await within(dialog).findByText('Se importaron 2 jugadores (0 actualizados)'),
    ).toBeVisible();
    expect(uploads.at(-1)).toEqual({ path: BASE, fileName: 'corregido.csv', mapping: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['club', 1, 'players'] });
  });

  it('shows the rows whose person is registered elsewhere as requests, and says they were sent', async () => {
    const user = userEvent.setup();
    const requests: PlayerImportPreview = {
      headers,
      mapping,
      rows: [
        ok(2, 'Ana Ruiz'),
        {
          row: 3,
          status: 'request',
          name: 'Sara Gómez',
          errors: [],
          note: playerImportMessages.linkRequest,
        },
      ],
      counts: { new: 1, update: 0, unchanged: 0, request: 1, error: 0 },
    };
    fakeServer(({ path }) => {
      if (path === `${BASE}/preview`) return [200, { data: requests }];
      if (path === BASE) {
        const done: PlayerImportResult = { created: 1, updated: 0, unchanged: 0, requested: 1 };
        return [201, { data: done }];
      }
      return [404, { message: 'No existe' }];
    });
    renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Elegir archivo'), csvFile('jugadores.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Ver filas' }));

    expect(await within(dialog).findByText('1 solicitud por enviar')).toBeVisible();
    const table = within(dialog).getByRole('table', { name: 'Filas del archivo' });
    const row = within(table).getByText('Sara Gómez').closest('tr')!;
    expect(within(row).getByText(playerImportRowStatusLabels.request)).toBeVisible();
    expect(within(row).getByText(playerImportMessages.linkRequest)).toBeVisible();
    expect(within(dialog).getByText(/Se enviará una solicitud a una persona/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));

    expect(
      await within(dialog).findByText(
        'Se importó 1 jugador (0 actualizados). Se envió 1 solicitud a personas ya registradas: aparecerán en el club cuando la acepten.',
      ),
    ).toBeVisible();
  });

  it('previews again with the columns the person chose', async () => {
    const user = userEvent.setup();
    const uploads = fakeServer(() => [200, { data: clean }]);
    renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Elegir archivo'), csvFile('jugadores.csv'));
    await user.click(await within(dialog).findByRole('combobox', { name: /^Nombre/ }));
    await user.click(await screen.findByRole('option', { name: 'Nombres' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ver filas' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]?.mapping).toEqual({ ...mapping, name: 'Nombres' });
    expect(await within(dialog).findByText('2 nuevos')).toBeVisible();

    // An unmapped required field blocks the next step.
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar columnas' }));
    await user.click(await within(dialog).findByRole('combobox', { name: /^Apellido/ }));
    await user.click(await screen.findByRole('option', { name: 'No importar' }));
    expect(within(dialog).getByText('Asigna una columna a este campo obligatorio')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ver filas' })).toBeDisabled();
  });

  it("shows the server's refusal of a file and lets another be chosen", async () => {
    const user = userEvent.setup();
    fakeServer(() => [415, { message: 'El archivo debe ser CSV o Excel (.xlsx)' }]);
    renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Elegir archivo'), csvFile('foto.csv'));
    expect(
      await within(dialog).findByText('El archivo debe ser CSV o Excel (.xlsx)'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Elegir archivo')).toBeEnabled();
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const user = userEvent.setup();
    const uploads = fakeServer(() => [200, { data: clean }]);
    renderDialog();
    const dialog = screen.getByRole('dialog');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Elegir archivo'), big);
    expect(await within(dialog).findByText('El archivo no puede pesar más de 5 MB')).toBeVisible();
    expect(uploads).toEqual([]);
  });

  it('closes on Esc before a file is chosen, and asks first once one was (issue #34 item 6)', async () => {
    const user = userEvent.setup();
    fakeServer(() => [200, { data: clean }]);
    const onClose = vi.fn();
    renderDialog(onClose);
    const dialog = screen.getByRole('dialog', { name: 'Importar jugadores' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull();

    await user.upload(within(dialog).getByLabelText('Elegir archivo'), csvFile('jugadores.csv'));
    await within(dialog).findByRole('combobox', { name: /^Nombre/ });
    await user.keyboard('{Escape}');
    const discard = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Keeping the file: the import goes on where it was.
    await user.click(within(discard).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull(),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Nombre/ })).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' })).getByRole(
        'button',
        { name: 'Descartar cambios' },
      ),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('fills the screen on a phone (390 px)', () => {
    windowWidth(390);
    fakeServer(() => [404, {}]);
    renderDialog();
    expect(document.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
  });
});

describe('player import rows step: what an update changes (issue #34 item 4)', () => {
  const change = (field: string, label: string, from: string | null, to: string | null) => ({
    field,
    label,
    from,
    to,
  });
  const preview: PlayerImportPreview = {
    headers,
    mapping,
    rows: [
      {
        row: 2,
        status: 'update',
        name: 'Ana Ruiz',
        errors: [],
        note: null,
        changes: [
          change('phone', 'Teléfono', '300 111 2222', '300 999 8888'),
          change('category', 'Categoría', 'Sub-12', 'Sub-14'),
          change('position', 'Posición', null, 'Arquera'),
          change('eps', 'EPS', 'Sura', 'Sanitas'),
          change('allergies', 'Alergias', 'Polen', null),
        ],
      },
      {
        row: 3,
        status: 'update',
        name: 'Luis Peña',
        errors: [],
        note: null,
        changes: [change('jersey_number', 'Camiseta', '7', '9')],
      },
      { row: 4, status: 'unchanged', name: 'Eva Díaz', errors: [], note: null },
      {
        row: 5,
        status: 'new',
        name: 'Gabi Ríos',
        errors: [],
        note: playerImportMessages.categoryAssigned('Sub-12'),
      },
    ],
    counts: { new: 1, update: 2, unchanged: 1, request: 0, error: 0 },
  };

  it('lists the first changes, old → new, then +2 más shows the rest; at 390 px too', async () => {
    windowWidth(390);
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <PlayerImportRowsStep preview={preview} />
      </ThemeProvider>,
    );
    const table = screen.getByRole('table', { name: 'Filas del archivo' });
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(name))!;
    const ana = rowOf('Ana Ruiz');
    expect(within(ana).getByText(playerImportRowStatusLabels.update)).toBeVisible();
    const changes = within(ana).getByRole('list', { name: 'Cambios' });
    const items = () =>
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()).toEqual([
      'Teléfono: 300 111 2222 →cambia a 300 999 8888',
      'Categoría: Sub-12 →cambia a Sub-14',
      'Posición: (vacío) →cambia a Arquera',
    ]);
    await user.click(within(ana).getByRole('button', { name: '+2 más cambios' }));
    expect(items()).toHaveLength(5);
    expect(items().at(-1)).toBe('Alergias: Polen →cambia a (vacío)');
    expect(within(ana).queryByRole('button', { name: /más/ })).toBeNull();

    const luis = rowOf('Luis Peña');
    expect(within(luis).getByRole('listitem')).toHaveTextContent('Camiseta: 7 →cambia a 9');
    expect(within(luis).queryByRole('button')).toBeNull();
    expect(within(rowOf('Eva Díaz')).getByText('Sin cambios')).toBeVisible();
    expect(
      within(rowOf('Gabi Ríos')).getByText('Categoría asignada por año de nacimiento: Sub-12'),
    ).toBeVisible();
  });
});

describe('player import mapping step: the club’s remembered columns', () => {
  it('says which columns are the ones chosen last time, until the person changes them', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <PlayerImportMappingStep
          headers={[...headers, 'Cel. mamá']}
          mapping={{ ...mapping, guardian_phone: 'Cel. mamá' }}
          remembered={['guardian_phone']}
          onConfirm={() => {}}
        />
      </ThemeProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Teléfono del acudiente' });
    expect(select).toHaveAccessibleDescription(REMEMBERED);
    expect(screen.getAllByText(REMEMBERED)).toHaveLength(1);
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'No importar' }));
    expect(screen.queryByText(REMEMBERED)).toBeNull();
  });
});
