import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';
import type { User, UserPermissions } from '../../contract/users.schema';
import * as store from '../../src/lib/attendance-queue';
import type { StorageKey, StoredValues, TypedStorage } from '../../src/lib/storage';
import { clearAttendanceSheets, createAuthActions } from '../../src/machines/auth.actors';
import { authMachine, type AuthEvent } from '../../src/machines/auth.machine';
import { selectSessionStatus } from '../../src/machines/auth.selectors';
import { RequestError, toRequestFailure } from '../../src/lib/request-failure';

function fakeStorage(initial: Partial<StoredValues> = {}) {
  const items = new Map<StorageKey, unknown>(Object.entries(initial) as [StorageKey, unknown][]);
  const storage = {
    get: (key: StorageKey) => (items.get(key) ?? null) as never,
    set: (key: StorageKey, value: unknown) => void items.set(key, value),
    remove: (key: StorageKey) => void items.delete(key),
  } as TypedStorage;
  return { storage, items };
}

const setup = (initial: Partial<StoredValues> = {}) => {
  const { storage, items } = fakeStorage(initial);
  const deps = {
    storage,
    navigate: vi.fn(),
    clearQueryCache: vi.fn(),
    broadcast: vi.fn(),
    logError: vi.fn(),
  };
  return { actions: createAuthActions(deps), deps, items };
};

describe('the auth machine’s real effects', () => {
  it('redirects after login to the remembered page and forgets it', () => {
    const { actions, deps, items } = setup({ redirectAfterLogin: '/home/players?page=2' });
    actions.redirectAfterLogin();
    expect(deps.navigate).toHaveBeenCalledWith('/home/players?page=2');
    expect(items.has('redirectAfterLogin')).toBe(false);
  });

  it('goes to the dashboard when the remembered page is missing or unsafe', () => {
    const { actions, deps } = setup({ redirectAfterLogin: '//evil.example' });
    actions.redirectAfterLogin();
    actions.redirectAfterLogin();
    expect(deps.navigate.mock.calls).toEqual([['/home/dashboard'], ['/home/dashboard']]);
  });

  it('clears the token and the selected club but not the overlay flag', () => {
    const { actions, items } = setup({
      jwtToken: 'jwt',
      selectedClub: { id: 1, name: 'Club' },
      hasSeenOverlay: true,
    });
    actions.clearStorage();
    expect([...items.keys()]).toEqual(['hasSeenOverlay']);
  });

  it('stores the selected club as a whole object and removes it for none', () => {
    const { actions, items } = setup();
    actions.storeSelectedClub(undefined, { club: { id: 7, name: 'Club Siete' } });
    expect(items.get('selectedClub')).toEqual({ id: 7, name: 'Club Siete' });
    actions.storeSelectedClub(undefined, { club: null });
    expect(items.has('selectedClub')).toBe(false);
  });

  it('logs a failed permissions refresh', () => {
    const { actions, deps } = setup();
    const error = new Error('offline');
    actions.logPermissionsError(undefined, { error });
    expect(deps.logError).toHaveBeenCalledWith('No se pudieron actualizar los permisos', error);
  });

  it('stores the token and broadcasts through its dependencies', () => {
    const { actions, deps, items } = setup();
    actions.storeToken(undefined, { token: 'jwt-2' });
    actions.broadcast(undefined, { message: 'LOGOUT' });
    actions.navigateToLogin();
    expect(items.get('jwtToken')).toBe('jwt-2');
    expect(deps.broadcast).toHaveBeenCalledWith('LOGOUT');
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('toRequestFailure', () => {
  it('keeps what the API layer described and hides anything else', () => {
    const refusal = new RequestError({
      status: 422,
      message: 'El correo ya está registrado',
      fieldErrors: { email: 'El correo ya está registrado' },
    });
    expect(toRequestFailure(refusal)).toEqual({
      status: 422,
      message: 'El correo ya está registrado',
      fieldErrors: { email: 'El correo ya está registrado' },
    });
    expect(toRequestFailure(new Error('login is not provided')).message).toBe(
      'Ocurrió un error inesperado. Inténtalo de nuevo.',
    );
  });
});

/*
 * The roll call keeps, per person, the last sheet fetched (player names, notes) and the
 * lists not sent yet (src/lib/attendance-queue.ts). Ending a session drops every sheet and
 * keeps the lists, through the real effects and the fake IndexedDB.
 */
describe('ending a session with the roll call’s data on the device', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await store.closeAttendanceStore();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('gestion-deportiva-attendance');
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  });

  const ana = { userId: 4, clubId: 1, sessionId: 7 };
  const luis = { userId: 9, clubId: 1, sessionId: 8 };
  const user = { id: 4, name: 'Ana', listClub: [{ id: 1, name: 'Club' }] } as unknown as User;
  const sheet = { session_id: 7, version: 1, records: [] } as unknown as AttendanceSheet;
  const session = { id: 7, title: 'Entrenamiento Sub-12' } as Session;
  const queued = (ref: typeof ana): store.QueuedAttendance => ({
    ...ref,
    baseVersion: 1,
    records: [{ player_id: 21, status: 'absent', note: 'Enfermo' }],
    savedAt: '2026-11-24T18:00:00.000Z',
  });

  async function seed() {
    for (const ref of [ana, luis]) {
      await store.putCachedSheet({ ...ref, sheet, session, fetchedAt: '2026-11-24T17:00:00Z' });
      await store.putQueued(queued(ref));
    }
  }

  /** Ana signed in (restored from her token), with the app's real effects. */
  async function signedIn() {
    const { storage, items } = fakeStorage({ jwtToken: 'jwt', selectedClub: { id: 1, name: 'C' } });
    const deps = {
      storage,
      navigate: vi.fn(),
      clearQueryCache: vi.fn(),
      broadcast: vi.fn(),
      logError: vi.fn(),
    };
    const logic = authMachine.provide({
      actors: {
        loadUser: fromPromise(() => Promise.resolve(user)),
        logout: fromPromise(() => Promise.resolve()),
        logoutEverywhere: fromPromise(() => Promise.reject(new Error('Sin conexión'))),
        loadPermissions: fromPromise<UserPermissions>(() => new Promise(() => {})),
      },
      actions: createAuthActions(deps),
    });
    const actor = createActor(logic, { input: { token: 'jwt', pathname: '/home/attendance/7' } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('authenticated'));
    return { actor, items };
  }

  const ends: [string, AuthEvent][] = [
    ['a logout', { type: 'auth.logout' }],
    [
      'a logout everywhere (even when the server cannot be reached)',
      { type: 'auth.logoutEverywhere' },
    ],
    ['the silent end of a session the server refused (401)', { type: 'auth.unauthorized' }],
  ];
  for (const [how, event] of ends) {
    it(`drops every person’s cached sheet but keeps the lists to send after ${how}`, async () => {
      await seed();
      const { actor, items } = await signedIn();
      actor.send(event);
      await waitFor(actor, (snapshot) => selectSessionStatus(snapshot) === 'signedOut');
      expect(items.has('jwtToken')).toBe(false);

      await vi.waitFor(async () => {
        expect(await store.getCachedSheet(ana)).toBeNull();
        expect(await store.getCachedSheet(luis)).toBeNull();
      });
      expect(await store.getQueued(ana)).toEqual(queued(ana));
      expect(await store.getQueued(luis)).toEqual(queued(luis));
      actor.stop();
    });
  }

  it('still logs out on a device without IndexedDB (private mode)', async () => {
    const { actor, items } = await signedIn();
    await store.closeAttendanceStore();
    vi.stubGlobal('indexedDB', undefined);
    await expect(clearAttendanceSheets()).resolves.toBeUndefined();

    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (snapshot) => selectSessionStatus(snapshot) === 'signedOut');
    expect(items.has('jwtToken')).toBe(false);
    expect(items.has('selectedClub')).toBe(false);
    actor.stop();
  });
});
