import fc from 'fast-check';
import type { Operation, Parameter } from './operations';
import { RawNumber, encodeLoose, toJson } from './json-text';
import { NASTY_SEGMENTS, nastyString, nastyValue } from './nasty';
import { fieldsOf, fuzzedOf, mutatedOf, validOf } from './values';

/** One request, without its caller (the fuzzer sends it as each caller in turn). */
export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Whether the URL's club is the owner's: a member of another club must be refused there. */
  ownersClub: boolean;
}

/**
 * How far from the schema a request strays: `valid` reaches the handlers, `mutated` has one
 * thing wrong (a field dropped, retyped or unknown), `fuzz` is wrong everywhere.
 */
type Mode = 'valid' | 'mutated' | 'fuzz';

const scalarText = (value: unknown) =>
  value instanceof RawNumber
    ? value.text
    : value !== null && typeof value === 'object'
      ? toJson(value)
      : String(value);

/** A path value: the schema's, a nasty segment, or any string, percent-encoded. */
function segmentOf(parameter: Parameter, mode: Mode): fc.Arbitrary<string> {
  const valid = validOf(parameter.schema, 0, parameter.name).map((value) =>
    encodeLoose(scalarText(value)),
  );
  if (mode !== 'fuzz') return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: fc.constantFrom(...NASTY_SEGMENTS), weight: 2 },
    { arbitrary: nastyString.map(encodeLoose), weight: 1 },
  );
}

/** The text of a query value: arrays repeat the key, objects go as JSON. */
function queryPairs(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  return [`${encodeLoose(name)}=${encodeLoose(scalarText(value))}`];
}

function queryOf(operation: Operation, mode: Mode): fc.Arbitrary<string> {
  const known =
    mode === 'fuzz'
      ? fc.record(
          Object.fromEntries(operation.queryParams.map((p) => [p.name, fuzzedOf(p.schema)])),
          { requiredKeys: [] },
        )
      : fieldsOf(
          Object.fromEntries(operation.queryParams.map((p) => [p.name, p.schema])),
          operation.queryParams.filter((p) => p.required).map((p) => p.name),
          (schema, key) => validOf(schema, 0, key),
        );
  const unknown = fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { maxKeys: 2 });
  const extra = mode === 'valid' ? fc.constant({}) : fc.option(unknown, { freq: 2 });
  return fc.tuple(known, extra).map(([values, more]) => {
    const pairs = Object.entries({ ...more, ...values }).flatMap(([k, v]) => queryPairs(k, v));
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

const JSON_TYPE = 'application/json';
type Body = { type?: string; payload?: string };

/** Every wrong way to send a body: other content types, broken JSON, no object, nothing. */
function wrongBodies(json: fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  return fc.oneof(
    json.map(({ payload }) => ({ type: 'text/plain', payload })),
    json.map(({ payload }) => ({ payload })),
    fc.constant({ type: 'application/x-www-form-urlencoded', payload: 'name=Ana&id=1&id=2' }),
    fc.constant({ type: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' }),
    fc
      .constantFrom('{"name":', '{,}', '[1,]', 'nul', "{'a':1}", '\uFEFF{}', '{"a":1}{"b":2}')
      .map((payload) => ({ type: JSON_TYPE, payload })),
    fc
      .constantFrom('', ' ', 'null', '[]', '"texto"', '42', 'true')
      .map((payload) => ({ type: JSON_TYPE, payload })),
    fc.constant({ type: JSON_TYPE }),
    fc.constant({ type: 'application/json; charset=utf-16', payload: '{}' }),
    fc.constant({ type: 'application/xml', payload: '<a/>' }),
  );
}

function bodyOf(operation: Operation, mode: Mode): fc.Arbitrary<Body> {
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const schema = operation.body;
  if (mode !== 'fuzz') {
    if (!schema) return fc.constant({});
    const value = mode === 'valid' ? validOf(schema) : mutatedOf(schema);
    return value.map((v) => ({ type: JSON_TYPE, payload: toJson(v) }));
  }
  const json = (schema ? fuzzedOf(schema) : nastyValue).map((v) => ({
    type: JSON_TYPE,
    payload: toJson(v),
  }));
  if (!hasBody) return fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, wrongBodies(json));
  return fc.oneof({ arbitrary: json, weight: 2 }, wrongBodies(json));
}

function requestIn(operation: Operation, clubId: number, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const segments = Object.fromEntries(
    operation.pathParams.map((parameter) => {
      const segment = segmentOf(parameter, mode);
      const arbitrary =
        operation.clubScoped && parameter.name === 'id'
          ? fc.oneof({ arbitrary: fc.constant(String(clubId)), weight: 8 }, segment)
          : segment;
      return [parameter.name, arbitrary];
    }),
  );
  return fc
    .tuple(fc.record(segments), queryOf(operation, mode), bodyOf(operation, mode))
    .map(([values, query, body]): FuzzRequest => {
      const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '');
      return {
        method: operation.method,
        url: `${path}${query}`,
        headers: body.type ? { 'content-type': body.type } : ({} as Record<string, string>),
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        ownersClub: operation.clubScoped && values.id === String(clubId),
      };
    });
}

/**
 * Requests for `operation`: near the schema half the time, so they reach the handlers, and
 * wrong in one place or everywhere otherwise. A club-scoped operation's `:id` is mostly the
 * owner's club, so the requests get past the guard.
 */
export function requestsOf(operation: Operation, clubId: number): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: requestIn(operation, clubId, 'valid'), weight: 3 },
    { arbitrary: requestIn(operation, clubId, 'mutated'), weight: 2 },
    { arbitrary: requestIn(operation, clubId, 'fuzz'), weight: 2 },
  );
}
