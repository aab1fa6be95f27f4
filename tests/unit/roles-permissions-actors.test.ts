import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { RoleConfiguration } from '../../contract/roles.schema';
import {
  createRolePermissionsActions,
  createRolePermissionsActors,
  savedMessage,
} from '../../src/machines/roles-permissions.actors';

describe('the roles-permissions actors and actions', () => {
  it('saves a module through the API with what the machine asked', async () => {
    const saved = { club_id: 7 } as RoleConfiguration;
    const api = {
      loadRoles: vi.fn(),
      loadConfiguration: vi.fn(),
      saveModule: vi.fn(async () => saved),
    };
    const input = { roleId: 3, clubId: 7, moduleId: 2, permissionIds: [5, 6] };
    const actor = createActor(createRolePermissionsActors(api).saveModule, { input }).start();
    expect(await toPromise(actor)).toBe(saved);
    expect(api.saveModule).toHaveBeenCalledWith(input);
  });

  it('after a save, toasts the role saved and reloads the session', () => {
    const deps = { toast: vi.fn(), refreshUser: vi.fn() };
    createRolePermissionsActions(deps).notifySaved(undefined, { roleName: 'Entrenador' });
    expect(deps.toast).toHaveBeenCalledWith(savedMessage('Entrenador'));
    expect(savedMessage('Entrenador')).toBe('Permisos de Entrenador guardados');
    expect(deps.refreshUser).toHaveBeenCalledOnce();
  });
});
