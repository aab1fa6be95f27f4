/*
 * The last pass over the OpenAPI document (issue #35 item 7), so it lints clean with
 * Redocly's recommended rules and a generated client gets one type per contract schema:
 *
 * - `<Name>Input` (what @fastify/type-provider-zod names a schema as a request accepts
 *   it) becomes `<Name>` wherever both read the same: only a schema with defaults or
 *   transforms keeps two components;
 * - `nullable` with no `type` beside it (zod's nullable unions) moves into the union's
 *   branches, where OpenAPI 3.0 reads it;
 * - the components no operation reaches are dropped (the registry names every contract
 *   export, also those only the browser uses);
 * - `servers` says the API is on the same origin as the document.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const SCHEMAS = '#/components/schemas/';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calls `visit` on every object of `value`, depth first (parents before children). */
function walk(value: Json, visit: (node: JsonObject) => void): void {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (isObject(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}

/** A stable text of a schema, for comparing two of them. */
const canonical = (value: Json): string =>
  JSON.stringify(value, (_key, inner: Json) =>
    isObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** The `<Name>Input` components that read like `<Name>`, renamed to it everywhere. */
function mergeInputTwins(document: JsonObject, schemas: JsonObject): void {
  const renames = new Map<string, string>();
  // A twin may mention other twins: compare with those already renamed, until stable.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      const output = name.replace(/Input$/, '');
      if (output === name || !(output in schemas) || renames.has(name)) continue;
      const input = JSON.parse(JSON.stringify(schemas[name])) as Json;
      walk(input, (node) => {
        const target =
          typeof node.$ref === 'string' && renames.get(node.$ref.slice(SCHEMAS.length));
        if (target) node.$ref = SCHEMAS + target;
      });
      if (canonical(input) === canonical(schemas[output] as Json)) {
        renames.set(name, output);
        changed = true;
      }
    }
  }
  walk(document, (node) => {
    const target = typeof node.$ref === 'string' && renames.get(node.$ref.slice(SCHEMAS.length));
    if (target) node.$ref = SCHEMAS + target;
  });
  for (const name of renames.keys()) delete schemas[name];
}

/**
 * `nullable` with no `type` beside it, which OpenAPI 3.0 ignores: on a union it moves into
 * the branches, and a nullable `$ref` (`allOf: [{ $ref }]`) gets the type of what it names.
 */
function typeNullables(document: JsonObject, schemas: JsonObject): void {
  const typeOfRef = (node: JsonObject): Json | undefined => {
    const only = Array.isArray(node.allOf) && node.allOf.length === 1 ? node.allOf[0] : node;
    if (!isObject(only) || typeof only.$ref !== 'string') return undefined;
    const target = schemas[only.$ref.slice(SCHEMAS.length)];
    return isObject(target) ? target.type : undefined;
  };
  walk(document, (node) => {
    if (node.nullable !== true || 'type' in node) return;
    const refType = typeOfRef(node);
    if (refType !== undefined) {
      node.type = refType;
      return;
    }
    const union = Array.isArray(node.anyOf)
      ? node.anyOf
      : Array.isArray(node.oneOf)
        ? node.oneOf
        : null;
    if (!union) return;
    delete node.nullable;
    union.forEach((branch, index) => {
      if (!isObject(branch) || 'type' in branch) {
        if (isObject(branch)) branch.nullable = true;
        return;
      }
      // A `$ref` takes no siblings in 3.0: wrap it, with the type of what it names.
      const type = typeOfRef(branch);
      if (type !== undefined) union[index] = { type, nullable: true, allOf: [branch] };
    });
  });
}

/** Drops the components no path reaches, directly or through other components. */
function dropUnreachable(document: JsonObject, schemas: JsonObject): void {
  const reached = new Set<string>();
  const queue: Json[] = [document.paths ?? null];
  while (queue.length > 0) {
    walk(queue.pop() ?? null, (node) => {
      if (typeof node.$ref !== 'string' || !node.$ref.startsWith(SCHEMAS)) return;
      const name = node.$ref.slice(SCHEMAS.length);
      if (reached.has(name)) return;
      reached.add(name);
      queue.push(schemas[name] ?? null);
    });
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
}

/** A request's `<Name>Input` whose `<Name>` no answer uses is called `<Name>`, its export's name. */
function renameLoneInputs(document: JsonObject, schemas: JsonObject): void {
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const output = name.replace(/Input$/, '');
    if (output !== name && !(output in schemas)) renames.set(name, output);
  }
  walk(document, (node) => {
    const target = typeof node.$ref === 'string' && renames.get(node.$ref.slice(SCHEMAS.length));
    if (target) node.$ref = SCHEMAS + target;
  });
  for (const [from, to] of renames) {
    schemas[to] = schemas[from] as Json;
    delete schemas[from];
  }
}

/** Tidies the document @fastify/swagger built (in place) and returns it. */
export function tidyDocument<Document extends Record<string, unknown>>(
  document: Document,
): Document {
  const json = document as unknown as JsonObject;
  const components = isObject(json.components) ? json.components : (json.components = {});
  const schemas = isObject(components.schemas) ? components.schemas : (components.schemas = {});
  mergeInputTwins(json, schemas);
  typeNullables(json, schemas);
  dropUnreachable(json, schemas);
  renameLoneInputs(json, schemas);
  json.servers = [{ url: '/', description: 'El mismo servidor que sirve este documento' }];
  return document;
}
