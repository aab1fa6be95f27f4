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
   * Declares `security` (a bearer token) with no empty alternative: the caller must be
   * signed in (`[{}, { bearerAuth: [] }]` makes the token optional, as on logout). The
   * document takes it from the access table (server/openapi/openapi-docs.ts), not from
   * a list kept here.
   */
  secured: boolean;
  /** Under /api/pla_club_teams/:id: a member of another club must never get through. */
  clubScoped: boolean;
}

interface RawOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
}

type Components = Record<string, JsonSchema>;

/**
 * `schema` with every `$ref` to a component replaced by the component (the document names
 * the contract's schemas), and a one-item `allOf` (a `$ref` with siblings) merged into its
 * parent, so the value generators see the whole shape. A component met again inside itself
 * becomes `{}`.
 */
function inlined(schema: JsonSchema, components: Components, open: string[] = []): JsonSchema {
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = components[name];
    return target && !open.includes(name) ? inlined(target, components, [...open, name]) : {};
  }
  const walk = (inner: unknown): unknown =>
    Array.isArray(inner)
      ? inner.map(walk)
      : typeof inner === 'object' && inner !== null
        ? inlined(inner as JsonSchema, components, open)
        : inner;
  const { allOf, ...rest } = schema;
  const copy = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, key === 'enum' ? value : walk(value)]),
  ) as JsonSchema;
  if (allOf?.length === 1 && allOf[0]) return { ...inlined(allOf[0], components, open), ...copy };
  return allOf ? { ...copy, allOf: walk(allOf) as JsonSchema[] } : copy;
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
  components?: { schemas?: Components };
}): Operation[] {
  const components = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const parameters = raw.parameters ?? [];
      const body = raw.requestBody?.content?.['application/json']?.schema;
      const pick = (place: string): Parameter[] =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? place === 'path',
            schema: inlined(parameter.schema ?? {}, components),
          }));
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        body: body && inlined(body, components),
        secured:
          (raw.security ?? []).length > 0 &&
          (raw.security ?? []).every((requirement) => Object.keys(requirement).length > 0),
        clubScoped: isClubScopedUrl(routeUrlOf(path)),
      });
    }
  }
  const clubItself = (operation: Operation) =>
    operation.method === 'DELETE' && operation.path === '/api/pla_club_teams/{id}';
  return operations.sort((a, b) => Number(clubItself(a)) - Number(clubItself(b)));
}
