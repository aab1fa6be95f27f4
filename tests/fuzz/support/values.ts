import fc from 'fast-check';
import { RawNumber } from './json-text';
import type { JsonSchema } from './operations';

const KB = 1024;

/** Strings no form would send: huge, control characters, lone surrogates, RTL, emoji. */
export const NASTY_STRINGS: readonly string[] = [
  'a'.repeat(100 * KB),
  'ñ'.repeat(10 * KB),
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '\u202Eabc\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👨‍👩‍👧‍👦🏳️‍🌈⚽',
  '\u200B\u200D\uFEFF',
  'Ａ１',
  '\r\n\t\u001B[31m\u007F',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  "' OR '1'='1",
  '"; --',
  '%00',
  '%s%n',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '-000001-01-01',
];

/** Numbers at and past every edge: negatives, fractions, past 2^31 and 2^53, overflow. */
export const NASTY_NUMBERS: readonly (number | RawNumber)[] = [
  -1,
  0,
  -0,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  new RawNumber('1e309'),
  new RawNumber('-1e309'),
  new RawNumber('99999999999999999999'),
  new RawNumber('1e-400'),
  new RawNumber('1E3'),
];

/** Path segments that are not ids (already URL text: `%2e%2e%2f` stays encoded). */
export const NASTY_SEGMENTS: readonly string[] = [
  '-1',
  '0',
  '1e309',
  'abc',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '1.5',
  '0x10',
  '+1',
  '01',
  '%20',
  '%00',
  '..',
  '..%2F',
  '%2e%2e%2f',
  'NaN',
  'null',
  "1'",
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%FF',
  'a'.repeat(201),
];

/** Every UTF-16 code unit, lone surrogates included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Any string a client may send: nasty samples, random code units, random unicode. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: anyCodeUnit, maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Any JSON value of the wrong kind for most fields. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }),
  fc.double(),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 3 }),
);

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

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern === DECIMAL) {
    return fc.oneof(smallId.map(String), fc.stringMatching(new RegExp(DECIMAL)));
  }
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

function objectOf(schema: JsonSchema, depth: number, fuzz: boolean): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [
      key,
      fuzz ? fuzzedOf(child, depth + 1) : validOf(child, depth + 1),
    ]),
  );
  // A fuzzed object may miss required fields and carry unknown ones.
  const requiredKeys = fuzz ? [] : (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(model, { requiredKeys });
  if (!fuzz) return record;
  const unknown = fc.dictionary(fc.string({ maxLength: 12 }), nastyValue, { maxKeys: 2 });
  return fc.tuple(record, fc.option(unknown, { freq: 3 })).map(([known, extra]) => ({
    ...extra,
    ...known,
  }));
}

function baseOf(schema: JsonSchema, depth: number, fuzz: boolean): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validOf(s, depth)));
  if (!schema.type && schema.allOf?.[0]) return validOf(schema.allOf[0], depth);
  if (depth > 4) return fc.constant(null);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
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
export function validOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const base = baseOf(schema, depth, false);
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
