import fc from 'fast-check';
import { hintsFor } from './hints';
import { nastyValue } from './nasty';
import type { JsonSchema } from './operations';

/** Strings that pass many plain text fields: dates, times, an e-mail, a colour, a phone. */
const PLAUSIBLE_STRINGS = [
  '2026-03-10',
  '2026-03',
  '2026-03-10T15:00:00.000Z',
  '2026-03-10T10:00',
  '10:30',
  'ana.fuzz@prueba.test',
  'Secreta123',
  '#1e88e5',
  'CO',
  '3001234567',
  'María José',
];

const DECIMAL = '^(0|[1-9][0-9]*)$';
const smallId = fc.integer({ min: 1, max: 40 });

function stringOf(schema: JsonSchema, key?: string): fc.Arbitrary<string> {
  if (schema.pattern === DECIMAL) {
    return fc.oneof(smallId.map(String), fc.stringMatching(new RegExp(DECIMAL)));
  }
  const hints = hintsFor(key);
  if (hints) return fc.oneof({ arbitrary: fc.constantFrom(...hints), weight: 4 }, stringOf(schema));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const options: fc.Arbitrary<string>[] = [
    fc.constantFrom(...PLAUSIBLE_STRINGS),
    fc.string({ minLength, maxLength }),
  ];
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot draw from (\p{L}): the samples above do.
    }
  }
  return fc.oneof(...options);
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  // Small numbers first: they are the ids of rows that exist.
  const small = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 40), 1) });
  return fc.oneof(small, fc.integer({ min, max }));
}

/** Marks a field left out of a drawn object. */
const ABSENT = Symbol('absent');

/**
 * Fields drawn for `properties`: each required one always, each optional one a third of
 * the time (the fewer fields, the likelier the whole request passes the contract).
 */
export function fieldsOf(
  properties: Record<string, JsonSchema>,
  required: readonly string[],
  valueOf: (schema: JsonSchema, key: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => {
      const value = valueOf(child, key);
      const field = required.includes(key)
        ? value
        : fc.oneof({ arbitrary: fc.constant(ABSENT), weight: 2 }, value);
      return [key, field];
    }),
  );
  return fc
    .record(model)
    .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, v]) => v !== ABSENT)));
}

function objectOf(schema: JsonSchema, depth: number, fuzz: boolean): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (!fuzz) {
    return fieldsOf(properties, schema.required ?? [], (child, key) =>
      validOf(child, depth + 1, key),
    );
  }
  // A fuzzed object may miss required fields and carry unknown ones.
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, fuzzedOf(child, depth + 1)]),
  );
  const record = fc.record(model, { requiredKeys: [] });
  const unknown = fc.dictionary(fc.string({ maxLength: 12 }), nastyValue, { maxKeys: 2 });
  return fc.tuple(record, fc.option(unknown, { freq: 3 })).map(([known, extra]) => ({
    ...extra,
    ...known,
  }));
}

function baseOf(
  schema: JsonSchema,
  depth: number,
  fuzz: boolean,
  key?: string,
): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validOf(s, depth, key)));
  if (!schema.type && schema.allOf?.[0]) return validOf(schema.allOf[0], depth);
  if (depth > 4) return fc.constant(null);
  switch (schema.type) {
    case 'string':
      return stringOf(schema, key);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.oneof(integerOf(schema), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(
        fuzz ? fuzzedOf(schema.items ?? {}, depth + 1) : validOf(schema.items ?? {}, depth + 1),
        {
          minLength: fuzz ? 0 : (schema.minItems ?? 0),
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        },
      );
    case 'object':
      return objectOf(schema, depth, fuzz);
    default:
      return nastyValue;
  }
}

/** A value the schema accepts, or nearly: what reaches the handler behind the validation. */
export function validOf(schema: JsonSchema, depth = 0, key?: string): fc.Arbitrary<unknown> {
  const base = baseOf(schema, depth, false, key);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 5 }, fc.constant(null)) : base;
}

/** A value from the schema, mostly, with wrong types, missing and unknown fields mixed in. */
export function fuzzedOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validOf(schema, depth), weight: 4 },
    { arbitrary: baseOf(schema, depth, true), weight: 2 },
    { arbitrary: nastyValue, weight: 1 },
  );
}

/** A value the schema accepts with one thing wrong: a field dropped, retyped, or unknown. */
export function mutatedOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || keys.length === 0) return fc.oneof(nastyValue, validOf(schema));
  return fc
    .tuple(
      validOf(schema).map((value) => (value ?? {}) as Record<string, unknown>),
      fc.constantFrom('drop', 'retype', 'unknown'),
      fc.constantFrom(...keys),
      nastyValue,
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .map(([value, how, key, nasty, unknownKey]) => {
      const copy: Record<string, unknown> = { ...value };
      if (how === 'drop') delete copy[key];
      else if (how === 'retype') copy[key] = nasty;
      else copy[unknownKey] = nasty;
      return copy;
    });
}
