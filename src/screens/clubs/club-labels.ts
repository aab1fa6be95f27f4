import type { Club } from '../../../contract/clubs.schema';
import type { MaybePermissions } from '../../lib/permissions';

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

export const statusLabel = (club: Pick<Club, 'status'>) =>
  club.status === 'archived' ? 'Archivado' : 'Activo';

/** The user's role in this club as the card shows it. */
export function roleLabel(club: Pick<Club, 'roles'>, permissions: MaybePermissions): string {
  return club.roles[0] ?? (permissions?.is_super_admin ? 'Super Admin' : 'Sin rol');
}
