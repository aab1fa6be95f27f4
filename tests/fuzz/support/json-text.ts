/*
 * The JSON and URL text of fuzzed values: numbers JSON.stringify cannot write, and
 * strings encodeURIComponent refuses (lone surrogates).
 */
/** A number written into the JSON text as is: `1e309`, `99999999999999999999`. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text of `value`; a RawNumber goes in as its text (JSON.stringify cannot write 1e309). */
export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes every UTF-16 unit; a lone surrogate becomes its (invalid) UTF-8 bytes. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}
