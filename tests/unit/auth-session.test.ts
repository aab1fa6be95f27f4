import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/users.schema';
import { resolveSelectedClub, withPermissions } from '../../src/machines/auth.machine';

const user = (listClub: User['listClub'], current_club_id: number | null): User => ({
  id: 1,
  name: 'Ana',
  lastname: 'Pérez',
  email: 'ana@demo.club',
  roles: [{ name: 'Propietario del Club' }],
  is_super_admin: false,
  permissions: ['club.view'],
  permissions_by_module: { club: ['club.view'] },
  listClub,
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
  current_club_id,
});

const clubs = [
  { id: 1, name: 'Club Uno' },
  { id: 2, name: 'Club Dos' },
];

describe('the selected club after a (re)load (spec §4)', () => {
  it('keeps the club chosen before when it is still the user’s, with its current name', () => {
    expect(resolveSelectedClub(user(clubs, 1), { id: 2, name: 'Nombre viejo' })).toEqual(clubs[1]);
  });

  it('falls back to the current club when the chosen one is gone', () => {
    expect(resolveSelectedClub(user(clubs, 1), { id: 9, name: 'Otro' })).toEqual(clubs[0]);
    expect(resolveSelectedClub(user(clubs, 2), null)).toEqual(clubs[1]);
  });

  it('selects nothing when the current club is not in the list, or there is none', () => {
    expect(resolveSelectedClub(user(clubs, 5), null)).toBeNull();
    expect(resolveSelectedClub(user([], null), null)).toBeNull();
  });
});

describe('withPermissions', () => {
  it('replaces roles and permissions and keeps the rest of the user', () => {
    const before = user(clubs, 1);
    const after = withPermissions(before, {
      roles: [],
      permissions: [],
      permissions_by_module: {},
      is_super_admin: true,
    });
    expect(after).toEqual({
      ...before,
      roles: [],
      permissions: [],
      permissions_by_module: {},
      is_super_admin: true,
    });
  });
});
