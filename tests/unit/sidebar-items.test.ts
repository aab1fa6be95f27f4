import { describe, expect, it } from 'vitest';
import type { UserPermissions } from '../../contract/users.schema';
import { roleDefaults } from '../../server/db/seed/reference';
import {
  buildSidebar,
  isItemActive,
  sidebarItems,
  type SidebarAccess,
} from '../../src/components/shell/sidebar-items';
import { adminScreenPaths, homeScreenPaths } from '../../src/app/route-modules';
import { accessRowOf } from '../../contract/access-table';
import { provideAccessTable, requirementOfOperation } from '../../src/lib/api-access';
import {
  canOpenPage,
  pageRequirements,
  requirementOfPath,
  SUPER_ADMIN_ONLY,
} from '../../src/lib/page-access';

// The browser loads the role × operation table with the session (src/app/providers.tsx).
provideAccessTable(accessRowOf);

function permissionsOf(role: keyof typeof roleDefaults): UserPermissions {
  const byModule: Record<string, string[]> = {};
  for (const name of roleDefaults[role]) {
    const [slug, action] = name.split('.') as [string, string];
    if (slug !== 'settings') (byModule[slug] ??= []).push(action);
  }
  return {
    roles: [{ name: role }],
    permissions: roleDefaults[role],
    permissions_by_module: byModule,
    is_super_admin: role === 'Super Admin',
  };
}

const access = (role: keyof typeof roleDefaults, selectedClubId = 1): SidebarAccess => ({
  permissions: permissionsOf(role),
  isSuperAdmin: role === 'Super Admin',
  selectedClubId,
});

/** `{ heading: [labels] }` of what the user sees, greyed items marked with a `~`. */
function menuOf(a: SidebarAccess) {
  return buildSidebar(a).map((section) => ({
    heading: section.heading,
    items: section.items.map((item) => (item.disabled ? `~${item.label}` : item.label)),
  }));
}

const item = (label: string) => {
  const found = sidebarItems.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no item ${label}`);
  return found;
};

describe('buildSidebar', () => {
  it('gives the club owner every club item, Parametrización and Administración', () => {
    expect(menuOf(access('Propietario del Club'))).toEqual([
      {
        heading: null,
        items: [
          'Dashboard',
          'Club / Equipo',
          'Categorías',
          'Entrenadores',
          'Jugadores',
          'Calendario',
          'Pagos',
        ],
      },
      { heading: 'Parametrización', items: ['Descuentos', 'Cobros', 'Configuración'] },
      {
        heading: 'Administración',
        items: ['Gestión de Roles', 'Asignación de Roles a Usuarios'],
      },
    ]);
  });

  it('gives a trainer only the modules of the role, and no Administración', () => {
    expect(menuOf(access('Entrenador'))).toEqual([
      { heading: null, items: ['Dashboard', 'Jugadores', 'Calendario'] },
    ]);
  });

  it('gives the accountant payments and its Parametrización, not Configuración', () => {
    expect(menuOf(access('Contador'))).toEqual([
      { heading: null, items: ['Dashboard', 'Pagos'] },
      { heading: 'Parametrización', items: ['Descuentos', 'Cobros'] },
    ]);
  });

  it('gives a parent players, calendar and payments only', () => {
    expect(menuOf(access('Padre/Acudiente'))).toEqual([
      { heading: null, items: ['Dashboard', 'Jugadores', 'Calendario', 'Pagos'] },
    ]);
  });

  it('gives the super admin everything, Super Administración and the six Sistema items', () => {
    const sections = menuOf(access('Super Admin'));
    expect(sections.map((section) => section.heading)).toEqual([
      null,
      'Parametrización',
      'Super Administración',
      'Sistema',
    ]);
    expect(sections[3]?.items).toEqual([
      'Administración del Sistema',
      'Análisis Global',
      'Reportes del Sistema',
      'Comunicaciones Masivas',
      'Gestión Web y Blog',
      'Panel Super Admin',
    ]);
    expect(sections.flatMap((section) => section.items)).toHaveLength(sidebarItems.length);
  });

  it('opens everything to the super admin by the flag, even with empty lists and no club', () => {
    const sections = buildSidebar({
      permissions: { roles: [], permissions: [], permissions_by_module: {}, is_super_admin: true },
      isSuperAdmin: true,
      selectedClubId: 0,
    });
    const items = sections.flatMap((section) => section.items);
    expect(items).toHaveLength(sidebarItems.length);
    expect(items.every((entry) => !entry.disabled)).toBe(true);
  });

  it('greys the club work without a selected club, except Dashboard and Club / Equipo', () => {
    const sinClub: SidebarAccess = {
      permissions: { roles: [], permissions: [], permissions_by_module: {}, is_super_admin: false },
      isSuperAdmin: false,
      selectedClubId: 0,
    };
    expect(menuOf(sinClub)).toEqual([
      {
        heading: null,
        items: [
          'Dashboard',
          'Club / Equipo',
          '~Categorías',
          '~Entrenadores',
          '~Jugadores',
          '~Calendario',
          '~Pagos',
        ],
      },
      { heading: 'Parametrización', items: ['~Descuentos', '~Cobros', '~Configuración'] },
    ]);
  });

  it('treats a negative club id as no club', () => {
    const sections = buildSidebar(access('Propietario del Club', -1));
    const jugadores = sections[0]?.items.find((entry) => entry.label === 'Jugadores');
    expect(jugadores?.disabled).toBe(true);
  });

  it('keeps the admin items of a settings.manage user clickable without a club', () => {
    const sections = buildSidebar(access('Propietario del Club', 0));
    const admin = sections.find((section) => section.id === 'administration');
    expect(admin?.items.map((entry) => entry.disabled)).toEqual([false, false]);
  });

  it('shows only Dashboard while the permissions are unknown', () => {
    expect(menuOf({ permissions: null, isSuperAdmin: false, selectedClubId: 1 })).toEqual([
      { heading: null, items: ['Dashboard'] },
    ]);
  });
});

describe('isItemActive', () => {
  it('matches an item on its route and below it', () => {
    expect(isItemActive(item('Categorías'), '/home/categories')).toBe(true);
    expect(isItemActive(item('Categorías'), '/home/categories/4')).toBe(true);
    expect(isItemActive(item('Categorías'), '/home/categories-old')).toBe(false);
    expect(isItemActive(item('Dashboard'), '/home/categories')).toBe(false);
  });

  it('keeps Club / Equipo active on create-club-team, with or without a club to edit', () => {
    expect(isItemActive(item('Club / Equipo'), '/home/club-team')).toBe(true);
    expect(isItemActive(item('Club / Equipo'), '/home/create-club-team')).toBe(true);
    expect(isItemActive(item('Club / Equipo'), '/home/create-club-team/7')).toBe(true);
  });

  it('keeps Jugadores active on any path containing /home/player-', () => {
    expect(isItemActive(item('Jugadores'), '/home/players')).toBe(true);
    expect(isItemActive(item('Jugadores'), '/home/player-create')).toBe(true);
    expect(isItemActive(item('Jugadores'), '/home/player-create/12')).toBe(true);
    expect(isItemActive(item('Jugadores'), '/home/trainers')).toBe(false);
  });

  it('does not confuse Configuración with the other admin pages', () => {
    expect(isItemActive(item('Configuración'), '/home/admin/payment_methods')).toBe(true);
    expect(isItemActive(item('Configuración'), '/home/admin/roles')).toBe(false);
    expect(isItemActive(item('Gestión de Roles'), '/home/admin/roles')).toBe(true);
  });
});

describe('the pages table behind the sidebar', () => {
  it('names every /home and /admin route of the router, and nothing else', () => {
    expect(Object.keys(pageRequirements).sort()).toEqual(
      [...homeScreenPaths, ...adminScreenPaths].sort(),
    );
  });

  it('gives every item the requirement of its page, except the club chooser', () => {
    for (const entry of sidebarItems) {
      if (entry.route === '/home/club-team') {
        expect([entry.requirement, pageRequirements[entry.route]]).toEqual([
          'GET /api/pla_club_teams/:id',
          null,
        ]);
      } else {
        expect(entry.requirement).toBe(pageRequirements[entry.route]);
      }
    }
  });

  it('names, for every page, an API operation of the role × operation table (issue #33)', () => {
    const operations = [
      ...Object.values(pageRequirements),
      ...sidebarItems.map((entry) => entry.requirement),
      requirementOfPath('/home/player-create/12'),
    ].filter((requirement) => requirement !== null && requirement !== SUPER_ADMIN_ONLY);
    expect(operations.length).toBeGreaterThan(15);
    for (const operation of operations) {
      expect([operation, requirementOfOperation(operation!)]).not.toEqual([operation, undefined]);
    }
  });

  it('hides exactly the items whose page the table refuses to each role', () => {
    for (const role of Object.keys(roleDefaults) as Array<keyof typeof roleDefaults>) {
      const a = access(role);
      const shown = new Set(buildSidebar(a).flatMap((s) => s.items.map((entry) => entry.route)));
      for (const entry of sidebarItems) {
        if (entry.route === '/home/club-team') continue;
        expect([entry.route, shown.has(entry.route)]).toEqual([
          entry.route,
          canOpenPage(entry.route, a),
        ]);
      }
    }
  });

  it('asks players.create to add a player and players.update to edit one', () => {
    const withOnly = (permissions: string[]) => ({
      permissions: {
        roles: [{ name: 'Prueba' }],
        permissions,
        permissions_by_module: { players: permissions.map((name) => name.split('.')[1]!) },
        is_super_admin: false,
      },
      isSuperAdmin: false,
    });
    const editor = withOnly(['players.view', 'players.update']);
    const creator = withOnly(['players.view', 'players.create']);
    expect(canOpenPage('/home/player-create', editor)).toBe(false);
    expect(canOpenPage('/home/player-create/12', editor)).toBe(true);
    expect(canOpenPage('/home/player-create', creator)).toBe(true);
    expect(canOpenPage('/home/player-create/12', creator)).toBe(false);
  });
});
