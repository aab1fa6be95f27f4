import fc from 'fast-check';
import { RawNumber } from './json-text';

/*
 * Values no form would send (issue #18): huge and broken strings, numbers past every edge,
 * path segments that are not ids, and any JSON value of the wrong kind.
 */

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
