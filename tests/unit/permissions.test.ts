import { describe, expect, it } from 'vitest';
import type { UserPermissions } from '../../contract/users.schema';
import { roleDefaults } from '../../server/db/seed/reference';
import {
  canManageClub,
  canSee,
  canUseModule,
  hasAllPermissions,
  hasAnyPermission,
  hasAnyRole,
  hasFullModuleAccess,
  hasPermission,
  hasRole,
} from '../../src/lib/permissions';

/** Permissions as the server computes them from a role's default grants. */
function permissionsOf(role: keyof typeof roleDefaults, isSuperAdmin = false): UserPermissions {
  const permissions = roleDefaults[role];
  const byModule: Record<string, string[]> = {};
  for (const name of permissions) {
    const [slug, action] = name.split('.') as [string, string];
    if (slug === 'settings') continue;
    (byModule[slug] ??= []).push(action);
  }
  return {
    roles: [{ name: role }],
    permissions,
    permissions_by_module: byModule,
    is_super_admin: isSuperAdmin,
  };
}

const owner = permissionsOf('Propietario del Club');
const trainer = permissionsOf('Entrenador');
const accountant = permissionsOf('Contador');
/** A super admin whose lists are empty: the flag alone must open everything. */
const superAdmin: UserPermissions = {
  roles: [],
  permissions: [],
  permissions_by_module: {},
  is_super_admin: true,
};

describe('hasPermission', () => {
  it('is true for a permission the user holds', () => {
    expect(hasPermission(trainer, 'players.view')).toBe(true);
    expect(hasPermission(owner, 'settings.manage')).toBe(true);
  });

  it('is false for a permission the user lacks', () => {
    expect(hasPermission(trainer, 'players.create')).toBe(false);
    expect(hasPermission(trainer, 'settings.manage')).toBe(false);
  });

  it('passes the super admin for any name', () => {
    expect(hasPermission(superAdmin, 'system.delete')).toBe(true);
    expect(hasPermission(superAdmin, 'settings.manage')).toBe(true);
  });

  it('fails without permissions', () => {
    expect(hasPermission(null, 'players.view')).toBe(false);
    expect(hasPermission(undefined, 'players.view')).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  it('is true when one of the names is held', () => {
    expect(hasAnyPermission(trainer, ['players.create', 'players.view'])).toBe(true);
  });

  it('is false when none is held, or none is asked', () => {
    expect(hasAnyPermission(trainer, ['players.create', 'payments.view'])).toBe(false);
    expect(hasAnyPermission(trainer, [])).toBe(false);
  });

  it('passes the super admin and fails null', () => {
    expect(hasAnyPermission(superAdmin, ['club.delete'])).toBe(true);
    expect(hasAnyPermission(null, ['players.view'])).toBe(false);
  });
});

describe('hasAllPermissions', () => {
  it('is true only when every name is held', () => {
    expect(hasAllPermissions(trainer, ['sessions.view', 'sessions.update'])).toBe(true);
    expect(hasAllPermissions(trainer, ['sessions.view', 'sessions.delete'])).toBe(false);
  });

  it('asks nothing of a known user when the list is empty, but fails null', () => {
    expect(hasAllPermissions(trainer, [])).toBe(true);
    expect(hasAllPermissions(null, [])).toBe(false);
  });

  it('passes the super admin', () => {
    expect(hasAllPermissions(superAdmin, ['club.delete', 'settings.manage'])).toBe(true);
  });
});

describe('hasRole and hasAnyRole', () => {
  it('match the role names exactly as the spec spells them', () => {
    expect(hasRole(trainer, 'Entrenador')).toBe(true);
    expect(hasRole(trainer, 'entrenador')).toBe(false);
    expect(hasRole(trainer, 'Propietario del Club')).toBe(false);
  });

  it('any-of is true when one role matches and false for none', () => {
    expect(hasAnyRole(accountant, ['Entrenador', 'Contador'])).toBe(true);
    expect(hasAnyRole(accountant, ['Entrenador', 'Jugador'])).toBe(false);
    expect(hasAnyRole(accountant, [])).toBe(false);
  });

  it('give the super admin every role and null none', () => {
    expect(hasRole(superAdmin, 'Padre/Acudiente')).toBe(true);
    expect(hasAnyRole(superAdmin, ['Jugador'])).toBe(true);
    expect(hasRole(null, 'Entrenador')).toBe(false);
    expect(hasAnyRole(null, ['Entrenador'])).toBe(false);
  });
});

describe('canManageClub', () => {
  it('reads the roles of the club asked about, not those of the working club', () => {
    // An owner in the working club who is only a trainer in another one.
    expect(canManageClub(owner, ['Entrenador'])).toBe(false);
    // A trainer in the working club who owns another one.
    expect(canManageClub(trainer, ['Propietario del Club'])).toBe(true);
    expect(canManageClub(trainer, ['Entrenador', 'Propietario del Club'])).toBe(true);
  });

  it('lets the super admin manage every club and nobody without permissions', () => {
    expect(canManageClub(superAdmin, [])).toBe(true);
    expect(canManageClub(null, ['Propietario del Club'])).toBe(false);
  });
});

describe('canUseModule', () => {
  it('checks the view action by default', () => {
    expect(canUseModule(trainer, 'players')).toBe(true);
    expect(canUseModule(trainer, 'payments')).toBe(false);
  });

  it('checks the action asked for', () => {
    expect(canUseModule(trainer, 'sessions', 'update')).toBe(true);
    expect(canUseModule(trainer, 'sessions', 'delete')).toBe(false);
    expect(canUseModule(trainer, 'players', 'create')).toBe(false);
  });

  it('does not take object built-ins for modules', () => {
    expect(canUseModule(trainer, 'constructor')).toBe(false);
    expect(canUseModule(trainer, '__proto__')).toBe(false);
  });

  it('passes the super admin and fails null', () => {
    expect(canUseModule(superAdmin, 'system', 'delete')).toBe(true);
    expect(canUseModule(null, 'players')).toBe(false);
  });
});

describe('hasFullModuleAccess', () => {
  it('needs all four actions', () => {
    expect(hasFullModuleAccess(owner, 'players')).toBe(true);
    expect(hasFullModuleAccess(accountant, 'payments')).toBe(true);
    expect(hasFullModuleAccess(trainer, 'sessions')).toBe(false);
    expect(hasFullModuleAccess(accountant, 'reports')).toBe(false);
  });

  it('is false when one action is missing', () => {
    const partial: UserPermissions = {
      ...owner,
      permissions_by_module: { players: ['view', 'create', 'update'] },
    };
    expect(hasFullModuleAccess(partial, 'players')).toBe(false);
  });

  it('passes the super admin and fails null', () => {
    expect(hasFullModuleAccess(superAdmin, 'system')).toBe(true);
    expect(hasFullModuleAccess(null, 'players')).toBe(false);
  });
});

describe('canSee (menu filter)', () => {
  it('reads a slug as its view permission', () => {
    expect(canSee(trainer, 'players')).toBe(true);
    expect(canSee(trainer, 'trainers')).toBe(false);
    expect(canSee(accountant, 'payments')).toBe(true);
  });

  it('reads a dotted name as that permission', () => {
    expect(canSee(accountant, 'payments.update')).toBe(true);
    expect(canSee(trainer, 'payments.update')).toBe(false);
    expect(canSee(owner, 'settings.manage')).toBe(true);
    expect(canSee(accountant, 'settings.manage')).toBe(false);
  });

  it('shows everything to the super admin and nothing to null', () => {
    expect(canSee(superAdmin, 'club')).toBe(true);
    expect(canSee(superAdmin, 'settings.manage')).toBe(true);
    expect(canSee(null, 'players')).toBe(false);
    expect(canSee(null, 'payments.update')).toBe(false);
  });
});
