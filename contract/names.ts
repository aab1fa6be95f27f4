/*
 * Plain names both sides share, without zod: the browser's first load (the entry, the
 * route guard, the http client) imports them from here so it does not pull in the schema
 * library (issue 9, item 6). The schema modules re-export them where they belong.
 */

/**
 * The header with the club the browser works in (its selected club), sent on calls that
 * are not under a club path (`/api/user`, modules, roles). See docs/access-control.md.
 */
export const CLUB_HEADER = 'x-club-id';

/** The role whose holder owns a club (SPEC §6): one of `roleNames`, named once. */
export const CLUB_OWNER_ROLE = 'Propietario del Club';

/** The four actions every module grants; a permission is `<module>.<action>`. */
export const moduleActions = ['view', 'create', 'update', 'delete'] as const;
export type ModuleAction = (typeof moduleActions)[number];

/** The platform-wide permission that reveals the 'Administración' section. */
export const SETTINGS_MANAGE = 'settings.manage';

/**
 * The role's part of the onboarding URL, used by the server's flows and the browser's guard:
 * accents dropped, lowercased, every run of characters other than letters and digits
 * becomes one hyphen; none or nothing left → 'default'. 'Propietario del Club' →
 * 'propietario-del-club', 'Padre/Acudiente' → 'padre-acudiente'.
 */
export function roleSlug(roleName: string | null | undefined): string {
  const slug = (roleName ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'default';
}
