import { isClubScopedUrl } from '../../../server/auth/require-club-permission';

/** The subset of JSON Schema that @fastify/type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: string | JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  default?: unknown;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document, as the fuzzer drives it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path, `{name}` for each parameter (`/api/calendar-feeds/{token}.ics`). */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; undefined for an operation the document gives no JSON body. */
  body?: JsonSchema;
  /**
   * Declares `security` (a bearer token): the caller must be signed in. The document is
   * made from each route's own schema, so this is the code's word, not a list kept here.
   */
  secured: boolean;
  /** Under /api/pla_club_teams/:id: a member of another club must never get through. */
  clubScoped: boolean;
}

interface RawOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** `{id}` → `:id`, the route table's spelling, which isClubScopedUrl reads. */
export const routeUrlOf = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** Operations whose success ends sessions: each property run signs its own fresh token. */
export const endsSessions = (operation: Operation): boolean => /\/logout/.test(operation.path);

/**
 * Every operation of the document at /api/docs/json. The club's own DELETE (it archives
 * the club every other club-scoped operation needs) is walked last.
 */
export function operationsOf(document: {
  paths: Record<string, Record<string, RawOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const parameters = raw.parameters ?? [];
      const pick = (place: string): Parameter[] =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? place === 'path',
            schema: parameter.schema ?? {},
          }));
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        body: raw.requestBody?.content?.['application/json']?.schema,
        secured: (raw.security ?? []).length > 0,
        clubScoped: isClubScopedUrl(routeUrlOf(path)),
      });
    }
  }
  const clubItself = (operation: Operation) =>
    operation.method === 'DELETE' && operation.path === '/api/pla_club_teams/{id}';
  return operations.sort((a, b) => Number(clubItself(a)) - Number(clubItself(b)));
}
