import { describe, expect, it, vi } from 'vitest';
import type { StorageKey, StoredValues, TypedStorage } from '../../src/lib/storage';
import { createAuthActions } from '../../src/machines/auth.actors';
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
