import { z } from 'zod';

/*
 * Pieces every resource's contract shares: ids, the club path, the working-club header.
 * A resource's schema file imports them from here instead of spelling them again.
 */

/** The largest id a PostgreSQL `integer` (int4) column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A database id from a path, a query or a body: a positive int4. Path and query values
 * arrive as strings, so it coerces; `label` names the id in the Spanish messages.
 */
export const idSchema = (label = 'El identificador') =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número entero`)
    .positive(`${label} debe ser positivo`)
    .max(MAX_ID, `${label} no es válido`);

/** `{id}` of a path such as `/api/admin/modules/{id}`. */
export const idParamsSchema = z.object({ id: idSchema() });

/** The `{id}` of every `/api/pla_club_teams/{id}/…` path: the club the request works in. */
export const clubIdParamsSchema = z.object({ id: idSchema('El identificador del club') });

/**
 * The header with the club the browser works in (its selected club), sent on calls that
 * are not under a club path (`/api/user`, modules, roles). See docs/access-control.md.
 */
export const CLUB_HEADER = 'x-club-id';
