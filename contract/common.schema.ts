import { z } from 'zod';

/*
 * Pieces every resource's contract shares: free text, ids, the club path, the working-club
 * header.
 * A resource's schema file imports them from here instead of spelling them again.
 */

/**
 * Characters nobody types: the C0 controls (NUL breaks PostgreSQL's text), DEL and the C1
 * controls. Line breaks and tabs are allowed only in multi-line text.
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F]/;

interface TextOptions {
  /** Line breaks and tabs allowed (descriptions, notes). */
  multiline?: boolean;
  /**
   * The refusal of a missing or non-text value; '<label> es obligatorio' unless given
   * (optional text says '<label> debe ser un texto': only a wrong type reaches it).
   */
  typeError?: string;
}

/**
 * The one text schema under every string a request carries (bodies, queries and paths):
 * no control characters, so a NUL byte is a 400 on its field and never reaches the
 * database. `label` names the field ('El nombre' → 'El nombre tiene caracteres no
 * permitidos'); `multiline` lets line breaks and tabs through (descriptions, notes).
 * Formats build on it (`.trim()`, `.max()`, `.regex()`, `.pipe(z.email())`).
 */
export const textSchema = (label: string, options: TextOptions = {}) =>
  z
    .string({ error: options.typeError ?? `${label} es obligatorio` })
    .refine(
      (value) => !(options.multiline ? CONTROL_CHARACTERS : CONTROL_OR_LINE_BREAK).test(value),
      `${label} tiene caracteres no permitidos`,
    );

/**
 * Required free text: trimmed, at least one character, at most `max`, no control
 * characters. `label` names the field in the Spanish messages ('El nombre' → 'El nombre
 * es obligatorio').
 */
export const requiredText = (label: string, max: number, options: TextOptions = {}) =>
  textSchema(label, options)
    .trim()
    .min(1, options.typeError ?? `${label} es obligatorio`)
    .max(max, `${label} no puede tener más de ${max} caracteres`);

/** Optional free text: trimmed, '' becomes null (forms send empty strings), null clears it. */
export const optionalText = (label: string, max: number, options: TextOptions = {}) =>
  textSchema(label, { typeError: `${label} debe ser un texto`, ...options })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** A calendar date `YYYY-MM-DD` that exists (no 2023-02-29). */
export const isRealIsoDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The largest id a PostgreSQL `integer` (int4) column holds. */
export const MAX_ID = 2_147_483_647;

/** Decimal digits only: no sign, exponent, hex, spaces, point or leading zero. */
const DECIMAL_DIGITS = /^(0|[1-9][0-9]*)$/;

/**
 * A whole number as a path, a query or a JSON body sends it: a JSON integer, or a string
 * of decimal digits (`'12'`; never `'0x1'`, `'1e0'`, `'+1'`, `' 1'`, `'01'` or `'1.0'`).
 * `message` is the refusal of anything else.
 */
export const wholeNumberSchema = (message: string) =>
  z
    .union([z.int({ error: message }), z.string().regex(DECIMAL_DIGITS, { error: message })], {
      error: message,
    })
    .transform((value) => Number(value));

/**
 * A database id from a path, a query or a body: decimal digits only, 1 to 2^31−1 (a
 * positive int4); `label` names the id in the Spanish messages.
 */
export const idSchema = (label = 'El identificador') =>
  wholeNumberSchema(`${label} debe ser un número entero positivo`).pipe(
    z
      .number()
      .min(1, `${label} debe ser un número entero positivo`)
      .max(MAX_ID, `${label} no es válido`),
  );

/**
 * An id a person picks from a list in a form (a payment method, a category): the same
 * rules as `idSchema`, but every refusal says what to do ('Elige un medio de pago'), as
 * the form shows it to a family, never '… debe ser un número entero positivo'.
 */
export const choiceIdSchema = (message: string) =>
  wholeNumberSchema(message).pipe(z.number().min(1, message).max(MAX_ID, message));

/** `{id}` of a path such as `/api/admin/modules/{id}`. */
export const idParamsSchema = z.object({ id: idSchema() });

/** The `{id}` of every `/api/pla_club_teams/{id}/…` path: the club the request works in. */
export const clubIdParamsSchema = z.object({ id: idSchema('El identificador del club') });

export { CLUB_HEADER } from './names';

/*
 * The one list contract every grid speaks (STYLE.md §10): the query `page` (from 1),
 * `pageSize`, `sort` (`field` or `-field`), `q` plus the resource's filters; the answer
 * `{ data, total }`. A resource declares its sortable fields and filters once with
 * `listQuerySchema`; the server turns the parsed query into SQL (server/lib/list-query.ts)
 * and the browser binds a DataGrid to it (src/components/grid/use-server-grid.ts).
 */

/** The refusal of a query parameter the list does not have (one per parameter). */
export const LIST_UNKNOWN_PARAMETER = 'Este parámetro no existe en esta lista';

/** The page sizes a grid offers unless its resource says otherwise. */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;

/** The sort a list query's parse leaves for the server: one field and its direction. */
export interface ListSort<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** How a resource's list is asked for: what may be sorted, by default, and its filters. */
export interface ListQuerySpec<F extends string, S extends z.ZodRawShape> {
  /** The fields `sort` accepts, as the browser's columns name them. */
  sortable: readonly [F, ...F[]];
  /** The sort when none is given (`field` or `-field`). */
  defaultSort: F | `-${F}`;
  /** The resource's own query parameters (each optional), e.g. `role_id`. */
  filters?: S;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

const listBaseShape = (pageSizes: readonly number[], defaultPageSize: number) => ({
  page: wholeNumberSchema('La página debe ser un número entero')
    .pipe(z.number().min(1, 'La página debe ser 1 o mayor').max(100_000, 'La página no es válida'))
    .describe('La página, desde 1')
    .default(1),
  pageSize: wholeNumberSchema('El tamaño de página debe ser un número entero')
    .pipe(
      z.number().refine((size) => pageSizes.includes(size), {
        message: `El tamaño de página debe ser ${pageSizes.join(', ')}`,
      }),
    )
    .describe(`Filas por página: ${pageSizes.join(', ')}`)
    .default(defaultPageSize),
  /** Quick search over the resource's text columns, case- and accent-insensitive. */
  q: textSchema('La búsqueda', { typeError: 'La búsqueda debe ser un texto' })
    .trim()
    .max(100, 'La búsqueda no puede tener más de 100 caracteres')
    .describe('Búsqueda rápida, sin distinguir mayúsculas ni tildes')
    .optional()
    .transform((value) => value || undefined),
});

/** Splits `-field` / `field` into the sort the server runs. */
export const parseListSort = <F extends string>(value: F | `-${F}`): ListSort<F> =>
  value.startsWith('-')
    ? { field: value.slice(1) as F, direction: 'desc' }
    : { field: value as F, direction: 'asc' };

/**
 * A resource's list query: `page`, `pageSize`, `sort`, `q` and `spec.filters`, each
 * refusal a Spanish message on its own field. `sort` parses to `{ field, direction }`.
 */
export function listQuerySchema<F extends string, S extends z.ZodRawShape = Record<never, never>>(
  spec: ListQuerySpec<F, S>,
) {
  const accepted = spec.sortable.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  const sort = z
    .enum(accepted, {
      error: `El orden debe ser uno de: ${spec.sortable.join(', ')} (con '-' delante para descendente)`,
    })
    .describe("El campo por el que se ordena; con '-' delante, descendente")
    .default(spec.defaultSort)
    .transform((value) => parseListSort(value as F | `-${F}`));
  // Strict: a misspelt or retired parameter (`per_page`, `search`) is refused on its own
  // name instead of silently giving the default page.
  return z.strictObject(
    {
      ...listBaseShape(
        spec.pageSizes ?? LIST_PAGE_SIZES,
        spec.defaultPageSize ?? DEFAULT_LIST_PAGE_SIZE,
      ),
      sort,
      ...((spec.filters ?? {}) as S),
    },
    { error: LIST_UNKNOWN_PARAMETER },
  );
}

/** What the browser sends for a list: the query before parsing (`sort` as `-field`). */
export type ListParams<F extends string = string> = {
  page: number;
  pageSize: number;
  sort?: F | `-${F}`;
  q?: string;
};

/** The answer of every list: one page of `data` and how many rows match in all. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().nonnegative(),
  });

/**
 * The query string of a list request: `params` without the values that mean "no filter"
 * (undefined, null, ''), so the server applies its defaults.
 */
export const listQueryString = (
  params: Readonly<Record<string, string | number | boolean | null | undefined>>,
): Record<string, string | number | boolean> =>
  Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
    ),
  );
