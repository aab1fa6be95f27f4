import type { Club } from '../../../contract/clubs.schema';
import { hasRole, type MaybePermissions } from '../../lib/permissions';

/** The months of a season, as the selects show them (1 = Enero). */
export const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** The countries a club may be in (contract `countryDefaults`: Colombia only for now). */
export const COUNTRIES = [{ code: 'CO', name: 'Colombia' }] as const;

/** The list of the user's clubs, where the form goes back to. */
export const CLUB_LIST_PATH = '/home/club-team';

export const OWNER_ROLE = 'Propietario del Club';

export const statusLabel = (club: Pick<Club, 'status'>) =>
  club.status === 'archived' ? 'Archivado' : 'Activo';

/** The user's role in this club as the card shows it. */
export function roleLabel(club: Pick<Club, 'roles'>, permissions: MaybePermissions): string {
  return club.roles[0] ?? (permissions?.is_super_admin ? 'Super Admin' : 'Sin rol');
}

/**
 * Whether the user may edit or archive this club: its owner, or a super admin (the
 * server's `club.update` / `club.delete`). The permission helpers read the current club's
 * roles, so they are asked with this club's roles instead.
 */
export function canManageClub(permissions: MaybePermissions, club: Pick<Club, 'roles'>): boolean {
  if (!permissions) return false;
  return hasRole({ ...permissions, roles: club.roles.map((name) => ({ name })) }, OWNER_ROLE);
}
