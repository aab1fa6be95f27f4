/**
 * TanStack Query keys. Everything a club owns (players, categories, payments, …) is cached
 * under the selected club's id, so choosing another club (the auth machine's
 * `auth.selectClub`) makes every club-scoped query read that club's data, and two clubs
 * never share a cache entry (spec §4).
 */

/** A part of a key: plain values that TanStack Query hashes the same way every time. */
export type KeyPart = string | number | boolean | null | Readonly<Record<string, unknown>>;

/** The first part of every club-scoped key. */
export const CLUB_SCOPE = 'club';

/**
 * The key of a resource of one club: `clubKey(7, 'players', { page: 2 })` is
 * `['club', 7, 'players', { page: 2 }]`. Pass `selectSelectedClubId`'s value (0 when no club
 * is selected; such a query should be disabled, not sent).
 */
export const clubKey = <const Rest extends readonly KeyPart[]>(
  clubId: number,
  resource: string,
  ...rest: Rest
) => [CLUB_SCOPE, clubId, resource, ...rest] as const;

/** Every key of one club (to invalidate all it owns), or of one of its resources. */
export const clubScope = (clubId: number, resource?: string) =>
  resource === undefined
    ? ([CLUB_SCOPE, clubId] as const)
    : ([CLUB_SCOPE, clubId, resource] as const);
