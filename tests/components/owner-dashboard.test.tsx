import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClubOwnerDashboard } from '../../contract/dashboards.schema';
import { formatMoney } from '../../src/lib/money';
import { OwnerDashboard } from '../../src/screens/dashboards/owner-dashboard';
import { moneyMonths, newClubDashboard, ownerDashboard } from './support/dashboard-fixtures';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';
import { renderingCharts } from './support/charts';

renderingCharts();

const OWNER = '/api/dashboard/club-owner';
/** An amount as the screen shows it, its no-break space read as the page's text reads it. */
const shown = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

const server =
  (answer: () => [number, unknown]): ServerHandler =>
  (call) =>
    call.path === OWNER ? answer() : [404, { message: `No fake for ${call.path}` }];

const renderOwner = (answer: () => [number, unknown]) =>
  renderRoutes(
    '/home/dashboard',
    [{ path: '/home/dashboard', element: <OwnerDashboard clubId={1} /> }],
    {
      user: userWithRole('Propietario del Club'),
      api: server(answer),
    },
  );
const ok = (data: ClubOwnerDashboard) => (): [number, unknown] => [200, { data }];

/** A tile of the list named `list`, by its title. */
const tile = (list: string, title: string) =>
  within(screen.getByRole('list', { name: list }))
    .getByRole('heading', { name: title })
    .closest('li') as HTMLElement;
const linkOf = (element: HTMLElement) => within(element).getByRole('link').getAttribute('href');
const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' '));

describe('owner dashboard', { timeout: 30_000 }, () => {
  it('shows the club, the day of the figures and the counts, each linking to its grid', async () => {
    renderOwner(ok(ownerDashboard()));

    expect(await screen.findByText('Club Deportivo Demo · Cifras al 25/11/2026')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    // The frame may draw the club before the figures' code has arrived.
    await screen.findByRole('list', { name: 'El club en cifras' });
    const players = tile('El club en cifras', 'Jugadores');
    expect(within(players).getByText('1.234')).toBeVisible();
    expect(linkOf(players)).toBe('/home/players');
    expect(linkOf(tile('El club en cifras', 'Entrenadores'))).toBe('/home/trainers');
    expect(within(tile('El club en cifras', 'Categorías')).getByText('7')).toBeVisible();
    expect(linkOf(tile('El club en cifras', 'Categorías'))).toBe('/home/categories');
    // Complete: no checklist.
    expect(screen.queryByRole('heading', { name: 'Configura tu club' })).toBeNull();
  });

  it('shows the month’s money as Pagos does, each tile linking to the grid behind it', async () => {
    renderOwner(ok(ownerDashboard()));
    const list = 'Dinero de noviembre de 2026';
    await screen.findByRole('list', { name: list });

    const collected = tile(list, 'Recaudado en el mes');
    expect(within(collected).getByText(shown(350_000))).toBeVisible();
    expect(within(collected).getByText(/fecha de aprobación/)).toBeVisible();
    expect(linkOf(collected)).toBe('/home/payments?period=2026-11');
    expect(within(tile(list, 'Facturado')).getByText(shown(1_440_000))).toBeVisible();
    expect(within(tile(list, 'Por cobrar')).getByText(shown(1_090_000))).toBeVisible();
    const review = tile(list, 'En revisión');
    expect(within(review).getByText(`2 pagos · ${shown(240_000)}`)).toBeVisible();
    expect(linkOf(review)).toBe('/home/payments?status=in_review');
    const overdue = tile(list, 'Vencidos');
    expect(within(overdue).getByText(`3 pagos · ${shown(360_000)}`)).toBeVisible();
    expect(within(overdue).getByText(/de cualquier periodo/)).toBeVisible();
    expect(linkOf(overdue)).toBe('/home/payments?overdue=true');
  });

  it('offers the billed-vs-collected chart as a table whose rows and total are the months’', async () => {
    renderOwner(ok(ownerDashboard()));
    const u = userEvent.setup();
    const figure = (
      await screen.findByRole('heading', { name: 'Facturado vs. recaudado' })
    ).closest('figure') as HTMLElement;
    expect(within(figure).getByText(/Últimos 6 meses\. Facturado:/)).toBeVisible();
    expect(within(figure).queryByRole('table')).toBeNull();

    await u.click(within(figure).getByRole('button', { name: 'Ver como tabla' }));

    // The table's module loads when the person opens it.
    const table = await within(figure).findByRole('table', {
      name: 'Facturado y recaudado por mes',
    });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['jun de 2026', shown(1_200_000), shown(900_000)]);
    expect(cells(rows[6]!)).toEqual(['nov de 2026', shown(1_440_000), shown(350_000)]);
    const billed = moneyMonths.reduce((total, month) => total + month.billed, 0);
    const collected = moneyMonths.reduce((total, month) => total + month.collected, 0);
    expect(cells(rows.at(-1)!)).toEqual(['Total', shown(billed), shown(collected)]);
    expect(within(figure).getByRole('button', { name: 'Ocultar tabla' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows attendance per category as a chart and a table with es-CO rates', async () => {
    renderOwner(ok(ownerDashboard()));
    const table = await screen.findByRole('table', {
      name: 'Asistencia por categoría, últimos 30 días',
    });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['Sub-12', '8', '100', '85 %']);
    expect(cells(rows[2]!)).toEqual(['Sub-10', '4', '40', '50 %']);
    expect(cells(rows[3]!)).toEqual(['Todo el club', '1', '30', '90 %']);
    expect(table.closest('figure')!.querySelector('figcaption')).toHaveTextContent(
      /Últimos 30 días/,
    );
  });

  it('lists the next sessions in the club’s time, each opening in the calendar', async () => {
    renderOwner(ok(ownerDashboard()));
    const list = await screen.findByRole('list', { name: 'Sesiones de los próximos 7 días' });
    const first = within(list).getByRole('link', { name: 'Entrenamiento · Técnica con balón' });
    expect(first).toHaveAttribute('href', '/home/calendar?session=7');
    const item = first.closest('li') as HTMLElement;
    expect(item).toHaveTextContent(/26\/11\/2026 18:00 · Sub-12 · Cancha 2/);
    const second = within(list).getByRole('link', { name: 'Reunión · Asamblea de padres' });
    expect(second).toHaveAttribute('href', '/home/calendar?session=8');
    expect(second.closest('li')).toHaveTextContent(/28\/11\/2026 09:00 · Todo el club$/);
  });

  it('shows times in the zone the answer names for the club, not Bogotá’s', async () => {
    const club = { id: 1, name: 'Club Deportivo Demo', timezone: 'America/Mexico_City' };
    renderOwner(ok(ownerDashboard({ club })));
    const list = await screen.findByRole('list', { name: 'Sesiones de los próximos 7 días' });
    const first = within(list).getByRole('link', { name: 'Entrenamiento · Técnica con balón' });
    // 23:00 UTC on 26 Nov is 17:00 in Mexico City (UTC−6), 18:00 in Bogotá.
    expect(first.closest('li')).toHaveTextContent(/26\/11\/2026 17:00/);
  });

  it('shows a new club its checklist, linked step by step, and empty parts that point at it', async () => {
    renderOwner(ok(newClubDashboard()));
    const checklist = (await screen.findByRole('heading', { name: 'Configura tu club' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(checklist).getByText('1 de 7 pasos')).toBeVisible();
    const links = within(checklist).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/home/create-club-team/9',
      '/home/categories',
      '/home/trainers',
      '/home/players',
      '/home/chargers',
      '/home/admin/payment_methods',
      '/home/payments',
    ]);
    expect(
      links[0]!.closest('li')!.querySelector('[data-testid="CheckCircleIcon"]'),
    ).not.toBeNull();
    expect(links[1]!.closest('li')!.querySelector('[data-testid="CheckCircleIcon"]')).toBeNull();
    // The checklist comes first.
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Configura tu club');

    expect(screen.getByText(/Sin asistencia registrada en los últimos 30 días/)).toBeVisible();
    expect(
      screen.getByText(
        /No hay sesiones en los próximos 7 días\. Sigue los pasos de «Configura tu club»/,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        /Aún no hay pagos facturados ni recaudados en los últimos 6 meses\. Sigue los pasos/,
      ),
    ).toBeVisible();
    expect(within(tile('El club en cifras', 'Jugadores')).getByText('0')).toBeVisible();
  });

  it('shows skeletons while loading, then the server’s message with ‘Reintentar’', async () => {
    let fail = true;
    renderOwner(() =>
      fail ? [500, { message: 'El servidor no responde' }] : [200, { data: ownerDashboard() }],
    );
    // The frame draws at once, before the figures' code and the answer.
    expect(screen.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Cargando el tablero' })).toBeInTheDocument();
    expect(await screen.findByText('El servidor no responde')).toBeVisible();

    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText('El servidor no responde')).toBeNull());
    expect(await screen.findByText(/Club Deportivo Demo · Cifras al/)).toBeVisible();
  });

  it('fits a phone: the tiles in one column, the figures all there', async () => {
    windowWidth(390);
    renderOwner(ok(ownerDashboard()));
    expect(await screen.findByText(/Cifras al/)).toBeVisible();
    await screen.findByRole('list', { name: 'El club en cifras' });
    expect(within(tile('El club en cifras', 'Jugadores')).getByText('1.234')).toBeVisible();
    expect(screen.getByRole('table', { name: /Asistencia por categoría/ })).toBeVisible();
  });
});
