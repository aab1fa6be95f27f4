import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed, CalendarFeedCreated } from '../../contract/calendar-feeds.schema';
import { CalendarFeedsButton } from '../../src/screens/calendar/calendar-feeds-button';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const FEEDS = '/api/pla_club_teams/1/calendar-feeds';
const TOKEN_URL = 'https://club.example/api/calendar-feeds/s3cr3t-token.ics';
const WEBCAL_URL = 'webcal://club.example/api/calendar-feeds/s3cr3t-token.ics';

const feed = (id: number, overrides: Partial<CalendarFeed> = {}): CalendarFeed => ({
  id,
  kind: 'category',
  category_id: 3,
  category_name: 'Sub-12',
  created_at: '2026-11-20T15:00:00.000Z',
  revoked_at: null,
  ...overrides,
});

/** The caller's feeds kept by the fake server: POST adds one, DELETE revokes it. */
function feedsServer(start: CalendarFeed[] = []): ServerHandler {
  let feeds = [...start];
  return (call) => {
    if (call.path === FEEDS && call.method === 'GET') return [200, { data: feeds }];
    if (call.path === FEEDS && call.method === 'POST') {
      const body = call.body as { kind: 'category'; category_id: number } | { kind: 'person' };
      const made = feed(90, {
        kind: body.kind,
        category_id: body.kind === 'category' ? body.category_id : null,
        category_name: body.kind === 'category' ? 'Sub-12' : null,
        created_at: '2026-11-24T15:00:00.000Z',
      });
      feeds = [made, ...feeds];
      const { revoked_at: _revoked, ...created } = made;
      const answer: CalendarFeedCreated = { ...created, url: TOKEN_URL, webcal_url: WEBCAL_URL };
      return [201, answer];
    }
    const one = new RegExp(`^${FEEDS}/(\\d+)$`).exec(call.path);
    if (one && call.method === 'DELETE') {
      feeds = feeds.map((each) =>
        each.id === Number(one[1]) ? { ...each, revoked_at: '2026-11-24T16:00:00.000Z' } : each,
      );
      return [204, null];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const categories = [
  { id: 3, name: 'Sub-12' },
  { id: 4, name: 'Sub-14' },
];

const renderButton = (api: ServerHandler) =>
  renderRoutes(
    '/home/calendar',
    [
      {
        path: '/home/calendar',
        element: <CalendarFeedsButton clubId={1} categories={categories} />,
      },
    ],
    { user: userWithRole('Padre/Acudiente'), api },
  );

const posts = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'POST' && path === FEEDS);

describe('calendar subscription dialog', () => {
  it('creates a category feed and shows its URL once, to copy or open', async () => {
    const { calls } = renderButton(feedsServer());
    const u = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await u.click(screen.getByRole('button', { name: 'Suscribirse al calendario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suscribirse al calendario' });
    expect(await within(dialog).findByText('Todavía no has creado enlaces.')).toBeVisible();
    await u.selectOptions(within(dialog).getByLabelText('Calendario'), 'Sub-12');
    await u.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));

    const field = await within(dialog).findByLabelText('Enlace del calendario de Sub-12');
    expect(field).toHaveValue(TOKEN_URL);
    expect(posts(calls)[0]!.body).toEqual({ kind: 'category', category_id: 3 });
    expect(within(dialog).getByText(/Este enlace es secreto/)).toBeVisible();
    expect(within(dialog).getByText(/revócalo/)).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Abrir en el calendario del teléfono' }),
    ).toHaveAttribute('href', WEBCAL_URL);
    expect(within(dialog).getByRole('link', { name: 'Añadir a Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(WEBCAL_URL)}`,
    );
    await u.click(within(dialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN_URL);
    expect(await screen.findByText('Enlace copiado')).toBeVisible();
    // The list refreshed with the new feed (the server never lists its URL).
    expect(await within(dialog).findByText('Sub-12')).toBeVisible();

    await u.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Suscribirse al calendario' }));
    const again = await screen.findByRole('dialog', { name: 'Suscribirse al calendario' });
    expect(within(again).getByRole('button', { name: 'Crear enlace' })).toBeVisible();
    expect(screen.queryByDisplayValue(TOKEN_URL)).toBeNull();
  });

  it('creates the person’s own calendar by default', async () => {
    const { calls } = renderButton(feedsServer());
    const u = userEvent.setup();

    await u.click(screen.getByRole('button', { name: 'Suscribirse al calendario' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));

    expect(await within(dialog).findByLabelText('Enlace de tu calendario')).toHaveValue(TOKEN_URL);
    expect(posts(calls)[0]!.body).toEqual({ kind: 'person' });
  });

  it('asks before revoking a feed, and revokes it only once confirmed', async () => {
    const { calls } = renderButton(
      feedsServer([feed(12), feed(11, { kind: 'person', category_id: null, category_name: null })]),
    );
    const u = userEvent.setup();
    const deletes = () => calls.filter(({ method }) => method === 'DELETE');

    await u.click(screen.getByRole('button', { name: 'Suscribirse al calendario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suscribirse al calendario' });
    await u.click(
      await within(dialog).findByRole('button', { name: /Revocar el enlace de Mi calendario/ }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: '¿Revocar el enlace de Mi calendario?',
    });
    expect(
      within(confirm).getByText('El enlace dejará de funcionar en los calendarios suscritos.'),
    ).toBeVisible();
    await u.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(deletes()).toHaveLength(0);

    await u.click(
      await within(dialog).findByRole('button', { name: /Revocar el enlace de Mi calendario/ }),
    );
    await u.click(
      within(await screen.findByRole('dialog', { name: /¿Revocar/ })).getByRole('button', {
        name: 'Revocar',
      }),
    );

    expect(await screen.findByText('Enlace revocado')).toBeVisible();
    expect(deletes()).toEqual([expect.objectContaining({ path: `${FEEDS}/11` })]);
    expect(await within(dialog).findByText('Revocado')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getAllByRole('button', { name: /^Revocar el enlace/ })).toHaveLength(1),
    );
  });

  it('is an icon on a phone, named for screen readers', async () => {
    windowWidth(390);
    renderButton(feedsServer());
    const u = userEvent.setup();

    const button = screen.getByRole('button', { name: 'Suscribirse al calendario' });
    expect(button).not.toHaveTextContent('Suscribirse');
    await u.click(button);
    expect(await screen.findByRole('dialog', { name: 'Suscribirse al calendario' })).toBeVisible();
  });
});
