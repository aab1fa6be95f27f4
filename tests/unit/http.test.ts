import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchError } from 'ofetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { User } from '../../contract/users.schema';
import { authClient, cookieClient, isSessionProbe, toRequestError } from '../../src/api/http';
import { onUnauthorized, setSessionSource } from '../../src/api/session';
import { storage } from '../../src/lib/storage';
import { type AuthApi, createAuthActions, createAuthActors } from '../../src/machines/auth.actors';
import { authMachine } from '../../src/machines/auth.machine';
import { selectSelectedClubId } from '../../src/machines/auth.selectors';
import { NETWORK_FAILURE_MESSAGE, UNKNOWN_FAILURE_MESSAGE } from '../../src/lib/request-failure';

/** A tiny real HTTP server that answers like ours: 401 JSON bodies, one per path. */
let server: Server;
let origin: string;
const seenHeaders: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seenHeaders.push(request.headers);
    response.setHeader('content-type', 'application/json');
    if (request.url === '/api/fine') {
      response.end(JSON.stringify({ ok: true }));
      return;
    }
    response.statusCode = 401;
    response.end(JSON.stringify({ message: 'No autenticado' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const userFixture: User = {
  id: 1,
  name: 'Ana',
  lastname: 'Pérez',
  email: 'ana@demo.club',
  roles: [{ name: 'Propietario del Club' }],
  is_super_admin: false,
  permissions: [],
  permissions_by_module: {},
  listClub: [],
  modules: [],
  onboarding: {
    completed: true,
    current_step: 5,
    total_steps: 5,
    completed_steps: [1, 2, 3, 4, 5],
    role_name: 'Propietario del Club',
    next_step: null,
    progress_percentage: 100,
  },
  current_club_id: null,
};

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};
beforeEach(() => {
  seenHeaders.length = 0;
  vi.stubGlobal('localStorage', memoryStorage());
});

describe('isSessionProbe', () => {
  it('is the user endpoint and everything under /api/modules', () => {
    expect(isSessionProbe('/api/user')).toBe(true);
    expect(isSessionProbe('/api/modules')).toBe(true);
    expect(isSessionProbe('/api/modules/3/access')).toBe(true);
    expect(isSessionProbe('/api/login')).toBe(false);
    expect(isSessionProbe('/api/user/permissions')).toBe(false);
    expect(isSessionProbe('/api/modulesX')).toBe(false);
  });
});

describe('authClient', () => {
  it('sends the stored token as a Bearer header, and nothing when there is none', async () => {
    await authClient(`${origin}/api/fine`);
    localStorage.setItem('jwtToken', 'jwt-1');
    await authClient(`${origin}/api/fine`);
    await cookieClient(`${origin}/api/fine`);

    expect(seenHeaders.map((headers) => headers.authorization)).toEqual([
      undefined,
      'Bearer jwt-1',
      undefined,
    ]);
  });

  it("sends the auth actor's selected club as X-Club-Id, and nothing when none is selected", async () => {
    // The real auth machine; its user loads go through authClient to the test server.
    const user = {
      ...userFixture,
      listClub: [
        { id: 12, name: 'Club Norte' },
        { id: 13, name: 'Club Sur' },
      ],
    };
    const api = {
      getUser: async () => {
        await authClient(`${origin}/api/fine`);
        return user;
      },
    } as unknown as AuthApi;
    const logic = authMachine.provide({
      actors: createAuthActors(api),
      actions: createAuthActions({
        storage,
        navigate: () => undefined,
        clearQueryCache: () => undefined,
        broadcast: () => undefined,
        logError: () => undefined,
      }),
    });
    const actor = createActor(logic, { input: { token: 'jwt-1', pathname: '/home' } });
    const release = setSessionSource({
      clubId: () => selectSelectedClubId(actor.getSnapshot()) || null,
    });
    try {
      actor.start();
      await waitFor(actor, (snapshot) => snapshot.matches({ authenticated: { user: 'idle' } }));
      actor.send({ type: 'auth.selectClub', club: { id: 12, name: 'Club Norte' } });
      await waitFor(actor, (snapshot) => snapshot.matches({ authenticated: { user: 'idle' } }));
      actor.send({ type: 'auth.selectClub', club: { id: 13, name: 'Club Sur' } });
      await waitFor(actor, (snapshot) => snapshot.matches({ authenticated: { user: 'idle' } }));
      // The storage is not a second source: a stale stored club changes nothing.
      localStorage.setItem('selectedClub', JSON.stringify({ id: 99, name: 'Otro' }));
      await authClient(`${origin}/api/fine`);
      await cookieClient(`${origin}/api/fine`);
    } finally {
      actor.stop();
      release();
    }

    expect(seenHeaders.map((headers) => headers['x-club-id'])).toEqual([
      undefined,
      '12',
      '13',
      '13',
      undefined,
    ]);
  });

  it('tells the subscribers about a 401 from /api/user and /api/modules only', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);

    await expect(authClient(`${origin}/api/user`)).rejects.toThrow();
    await expect(authClient(`${origin}/api/modules/1/access`)).rejects.toThrow();
    await expect(authClient(`${origin}/api/login`, { method: 'POST' })).rejects.toThrow();
    unsubscribe();
    await expect(authClient(`${origin}/api/user`)).rejects.toThrow();

    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('toRequestError', () => {
  it('keeps the server’s message and field errors', async () => {
    const error = await authClient(`${origin}/api/user`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(toRequestError(error)).toMatchObject({ status: 401, message: 'No autenticado' });

    const invalid = Object.assign(new FetchError('400'), {
      response: new Response(null, { status: 400 }),
      status: 400,
      data: {
        message: 'Datos inválidos',
        errors: [
          { path: 'email', message: 'El correo no es válido' },
          { path: 'email', message: 'otro' },
        ],
      },
    });
    expect(toRequestError(invalid)).toMatchObject({
      status: 400,
      message: 'Datos inválidos',
      fieldErrors: { email: 'El correo no es válido' },
    });
  });

  it('says the server cannot be reached when no answer came back', async () => {
    const error = await cookieClient('http://127.0.0.1:1/api/login', { retry: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect(toRequestError(error)).toMatchObject({
      status: null,
      message: NETWORK_FAILURE_MESSAGE,
    });
  });

  it('uses a generic Spanish message for anything else', () => {
    expect(toRequestError(new TypeError('boom')).message).toBe(UNKNOWN_FAILURE_MESSAGE);
  });
});
