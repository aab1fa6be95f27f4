import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PersonStatus } from '../../contract/people.schema';
import { RequestError } from '../../src/lib/request-failure';
import { StatusSwitch } from '../../src/components/status-switch';
import { Toaster } from '../../src/components/toaster';
import { theme } from '../../src/theme/theme';
import { deferred, type Deferred } from '../machines/support/model-paths';

interface Person {
  id: number;
  name: string;
  active: boolean;
}

/**
 * Rows of switches over a fake server: each `change` is a promise the test settles by
 * hand; `refresh` reads the server's statuses into the rows, as the grid's refetch does.
 */
function renderRows(people: Person[]) {
  const server = new Map(people.map(({ id, active }) => [id, active]));
  const calls: { id: number; status: PersonStatus; answer: Deferred<unknown> }[] = [];
  const change = (id: number, status: PersonStatus) => {
    const answer = deferred<unknown>();
    calls.push({ id, status, answer });
    return answer.promise.then((output) => {
      server.set(id, status === 'active');
      return output;
    });
  };
  let reload = () => {};
  function Rows() {
    const [rows, setRows] = useState(people);
    reload = () =>
      setRows((current) => current.map((row) => ({ ...row, active: server.get(row.id)! })));
    const [refresh] = useState(() => () => reload());
    return (
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <StatusSwitch
              subject={{ id: row.id, name: row.name }}
              active={row.active}
              canChange
              change={change}
              refresh={refresh}
              noun="entrenador"
            />
          </li>
        ))}
      </ul>
    );
  }
  render(
    <ThemeProvider theme={theme}>
      <Rows />
      <Toaster />
    </ThemeProvider>,
  );
  return { calls };
}

const ana = { id: 1, name: 'Ana Pérez', active: true };
const luis = { id: 2, name: 'Luis Gómez', active: false };
/** A row's switch; `hidden`: while a confirmed request runs, its dialog (modal) stays open. */
const switchOf = (name: string) =>
  screen.getByRole('switch', { name: `Estado de ${name}`, hidden: true });

describe('status switch', () => {
  it('asks before turning someone off, and cancelling keeps them on', async () => {
    const { calls } = renderRows([ana]);
    const u = userEvent.setup();

    await u.click(switchOf('Ana Pérez'));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar a Ana Pérez?' });
    expect(calls).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(switchOf('Ana Pérez')).toBeChecked();
    expect(calls).toHaveLength(0);
  });

  it('shows the new value while the server works, and rolls back with the server’s reason', async () => {
    const { calls } = renderRows([ana]);
    const u = userEvent.setup();
    await u.click(switchOf('Ana Pérez'));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar a Ana Pérez?' });
    await u.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ id: 1, status: 'inactive' });
    expect(switchOf('Ana Pérez')).not.toBeChecked();
    expect(switchOf('Ana Pérez')).toBeDisabled();

    const message = 'No puedes desactivar al único entrenador de la categoría Sub-10';
    act(() => calls[0]!.answer.reject(new RequestError({ status: 409, message, fieldErrors: {} })));

    const toast = await screen.findByText(message);
    expect(toast.closest('.notistack-MuiContent-destructive')).not.toBeNull();
    await waitFor(() => expect(switchOf('Ana Pérez')).toBeChecked());
    expect(switchOf('Ana Pérez')).toBeEnabled();
  });

  it('turns someone on at once, and keeps the value once the list is read again', async () => {
    const { calls } = renderRows([luis]);
    const u = userEvent.setup();

    await u.click(switchOf('Luis Gómez'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ id: 2, status: 'active' });
    expect(switchOf('Luis Gómez')).toBeChecked();
    act(() => calls[0]!.answer.resolve({}));

    expect(await screen.findByText('Estado de Luis Gómez: Activo')).toBeVisible();
    expect(switchOf('Luis Gómez')).toBeChecked();
    expect(switchOf('Luis Gómez')).toBeEnabled();
  });

  it('resolves two switches toggled at once independently', async () => {
    const { calls } = renderRows([ana, luis]);
    const u = userEvent.setup();

    await u.click(switchOf('Luis Gómez'));
    await u.click(switchOf('Ana Pérez'));
    await u.click(
      within(await screen.findByRole('dialog', { name: '¿Desactivar a Ana Pérez?' })).getByRole(
        'button',
        { name: 'Desactivar' },
      ),
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map(({ id, status }) => [id, status])).toEqual([
      [2, 'active'],
      [1, 'inactive'],
    ]);
    // Both show what was asked while both requests are in flight.
    expect(switchOf('Luis Gómez')).toBeChecked();
    expect(switchOf('Ana Pérez')).not.toBeChecked();

    // Ana's answer comes first (a refusal); Luis's is still pending and unaffected.
    const message = 'Ana Pérez tiene entrenamientos programados';
    act(() => calls[1]!.answer.reject(new RequestError({ status: 409, message, fieldErrors: {} })));
    await waitFor(() => expect(switchOf('Ana Pérez')).toBeChecked());
    expect(switchOf('Luis Gómez')).toBeChecked();
    expect(switchOf('Luis Gómez')).toBeDisabled();

    act(() => calls[0]!.answer.resolve({}));
    await waitFor(() => expect(switchOf('Luis Gómez')).toBeEnabled());
    expect(switchOf('Luis Gómez')).toBeChecked();
    expect(switchOf('Ana Pérez')).toBeChecked();
    expect(calls).toHaveLength(2);
  });

  it('cannot be used without the permission to change it', () => {
    render(
      <StatusSwitch
        subject={{ id: 1, name: 'Ana Pérez' }}
        active
        canChange={false}
        change={() => Promise.resolve()}
        refresh={() => {}}
        noun="jugador"
      />,
    );
    expect(switchOf('Ana Pérez')).toBeDisabled();
    expect(switchOf('Ana Pérez')).toBeChecked();
  });
});
