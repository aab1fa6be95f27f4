import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { AuthResponse, LoginRequest } from '../../contract/auth.schema';
import { liveInspector } from '../../src/app/live-actors';
import { authMachine } from '../../src/machines/auth.machine';
import { routeGuardMachine, type GuardFacts } from '../../src/machines/route-guard.machine';
import { StatechartsScreen } from '../../src/screens/dev/statecharts-screen';
import { theme } from '../../src/theme/theme';

/*
 * Mermaid lays a diagram out with the browser's text measurement (getBBox), which
 * happy-dom does not have: the library is stubbed at its module boundary. The stub
 * answers an SVG with one element per `class <state> live` line of the text it was
 * given, so the test sees both what the page asked Mermaid to draw and what it showed.
 */
const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, text: string) => {
    const live = [...text.matchAll(/^\s*class (\S+) live$/gm)].map((match) => match[1]);
    const states = live.map((state) => `<g class="node live" data-state="${state}"></g>`);
    return { svg: `<svg id="${id}" role="img">${states.join('')}</svg>` };
  }),
}));
vi.mock('mermaid', () => ({ default: mermaid }));

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  mermaid.render.mockClear();
});

/** A trainer of a club who completed the onboarding, on the players page. */
const trainerFacts: GuardFacts = {
  session: 'signedIn',
  rememberPage: true,
  isSuperAdmin: false,
  permissions: {
    roles: [{ name: 'Entrenador' }],
    permissions: ['players.view'],
    permissions_by_module: { players: ['view'] },
    is_super_admin: false,
  },
  currentClubId: 1,
  selectedClubId: 1,
  firstRoleName: 'Entrenador',
  onboardingCompleted: true,
  area: 'home',
  pathname: '/home/players',
  search: '',
  devBuild: true,
};

/** A real route guard, registered as the app registers it (src/app/route-guard.tsx). */
function startGuard() {
  const actor = createActor(routeGuardMachine, {
    input: trainerFacts,
    inspect: liveInspector(routeGuardMachine.id),
  }).start();
  running.push(actor);
  return actor;
}

const renderPage = () =>
  render(
    <ThemeProvider theme={theme}>
      <StatechartsScreen />
    </ThemeProvider>,
  );

/** The text Mermaid was last asked to draw. */
const lastDrawn = () => mermaid.render.mock.lastCall?.[1] ?? '';
const currentState = () => screen.getByRole('heading', { name: 'Estado actual' }).nextSibling;
const eventList = () => screen.getByRole('list', { name: 'Últimos eventos' });

describe('QA’s statechart page', () => {
  it('lists every machine of docs/statecharts and opens on auth', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Diagramas de estado' })).toBeVisible();
    const pages = readdirSync(path.resolve(import.meta.dirname, '../../docs/statecharts'));
    const tabs = within(screen.getByRole('tablist', { name: 'Máquinas de estado' })).getAllByRole(
      'tab',
    );
    expect(tabs).toHaveLength(pages.filter((file) => file.endsWith('.md')).length);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('auth (en vivo)');
    const panel = screen.getByRole('tabpanel', { name: 'auth (en vivo)' });
    expect(within(panel).getByText(/The session of one browser tab/)).toBeVisible();
    await waitFor(() => expect(lastDrawn()).toMatch(/^stateDiagram-v2\n/));
    expect(within(panel).getByRole('table', { name: 'Estados de auth' })).toHaveTextContent(
      'authenticated.user.refreshing',
    );
  });

  it('highlights the route guard’s live state and lists its events as it changes', async () => {
    const guard = startGuard();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'routeGuard (en vivo)' }));

    expect(currentState()).toHaveTextContent('allowed');
    await waitFor(() => expect(lastDrawn()).toContain('\n  class allowed live'));
    // The theme's colours as hex: Mermaid's classDef splits at commas, which rgb(…) has.
    expect(lastDrawn()).toMatch(/\n {2}classDef live fill:#[0-9a-f]{6},stroke:#[0-9a-f]{6},/);
    const diagram = screen.getByRole('region', { name: 'Diagrama de routeGuard' });
    await waitFor(() =>
      expect(diagram.querySelector('svg .live')).toHaveAttribute('data-state', 'allowed'),
    );
    expect(within(eventList()).getAllByRole('listitem')[0]).toHaveTextContent('xstate.init');

    act(() =>
      guard.send({
        type: 'guard.update',
        facts: { ...trainerFacts, pathname: '/home/admin/roles' },
      }),
    );

    expect(currentState()).toHaveTextContent('forbidden');
    await waitFor(() => expect(lastDrawn()).toContain('\n  class forbidden live'));
    expect(lastDrawn()).not.toContain('class allowed live');
    await waitFor(() =>
      expect(diagram.querySelector('svg .live')).toHaveAttribute('data-state', 'forbidden'),
    );
    const [latest, first] = within(eventList()).getAllByRole('listitem');
    expect(latest).toHaveTextContent(
      /^\d\d:\d\d:\d\d[.,]\d{3}\s*guard\.update \(pathname=\/home\/admin\/roles, session=signedIn\)$/,
    );
    expect(first).toHaveTextContent('xstate.init');
    const table = screen.getByRole('table', { name: 'Estados de routeGuard' });
    expect(within(table).getByRole('row', { current: true })).toHaveTextContent(/^forbidden/);
  });

  it('shows the auth event a login sent, never its password or e-mail', async () => {
    const auth = createActor(
      authMachine.provide({
        // A login that never answers: the actor stays in loggingIn.
        actors: { login: fromPromise<AuthResponse, LoginRequest>(() => new Promise(() => {})) },
      }),
      {
        input: { token: null, pathname: '/login', selectedClub: null },
        inspect: liveInspector(authMachine.id),
      },
    ).start();
    running.push(auth);
    renderPage();

    act(() =>
      auth.send({
        type: 'auth.login',
        credentials: { email: 'secreta@demo.club', password: 'NoMeMuestres1!' },
      }),
    );

    expect(currentState()).toHaveTextContent('loggingIn');
    expect(within(eventList()).getAllByRole('listitem')[0]).toHaveTextContent(/auth\.login$/);
    await waitFor(() => expect(lastDrawn()).toContain('\n  class loggingIn live'));
    expect(document.body).not.toHaveTextContent(/NoMeMuestres1!|secreta@demo\.club/);
  });

  it('is used by keyboard: arrows move between machines, the diagram box takes the focus', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'auth (en vivo)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected).toHaveFocus();
    expect(selected).not.toHaveTextContent('auth');
    // A machine no app-wide actor runs: its diagram and states, no live panel.
    expect(screen.queryByRole('heading', { name: 'Estado actual' })).toBeNull();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(
      `Diagrama de ${selected.textContent ?? ''}`,
    );
  });

  it('follows an actor React starts twice in development (StrictMode), as the app’s are', async () => {
    function GuardedPage() {
      const guard = useActorRef(routeGuardMachine, {
        input: trainerFacts,
        inspect: liveInspector(routeGuardMachine.id),
      });
      return (
        <>
          <button
            onClick={() =>
              guard.send({
                type: 'guard.update',
                facts: { ...trainerFacts, pathname: '/home/admin/roles' },
              })
            }
          >
            Ir a roles
          </button>
          <StatechartsScreen />
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          <GuardedPage />
        </ThemeProvider>
      </StrictMode>,
    );
    await user.click(screen.getByRole('tab', { name: 'routeGuard (en vivo)' }));
    expect(currentState()).toHaveTextContent('allowed');
    await user.click(screen.getByRole('button', { name: 'Ir a roles' }));
    expect(currentState()).toHaveTextContent('forbidden');
    expect(within(eventList()).getAllByRole('listitem')[0]).toHaveTextContent('guard.update');
    await waitFor(() => expect(lastDrawn()).toContain('\n  class forbidden live'));
  });

  it('says when an app-wide machine has no actor in this tab', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'notifications (en vivo)' }));
    expect(currentState()).toHaveTextContent('Sin actor en ejecución en esta pestaña');
  });

  it('explains a diagram Mermaid could not draw', async () => {
    mermaid.render.mockRejectedValueOnce(new Error('Parse error on line 3'));
    renderPage();
    expect(await screen.findByText(/No se pudo dibujar el diagrama/)).toHaveTextContent(
      'Parse error on line 3',
    );
  });
});
