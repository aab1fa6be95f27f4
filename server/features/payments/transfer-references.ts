/*
 * The short reference a family writes in a bank transfer or a Bre-B payment (issue #37
 * item 5), so the statement's line names what it pays: `P` and a payment's id, or `F` and
 * a family's (the guardian's user id), in Crockford's base 32 (no I, L, O nor U), then a
 * check character (Luhn mod 32). A typed reference with one character wrong, or two
 * neighbours swapped, does not match another payment: it matches nothing, and the line
 * stays unmatched for staff. E.g. payment 98,312 → `P30080`, family 1,234,567 → `F15NM7X`.
 *
 * A reference is not a secret nor a permission: it only proposes a match that staff
 * confirm with the amount and the date.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = ALPHABET.length;

/** What a reference names. */
export type TransferReferenceKind = 'payment' | 'family';

const PREFIX: Record<TransferReferenceKind, string> = { payment: 'P', family: 'F' };
const KIND_OF_PREFIX = new Map(
  Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind as TransferReferenceKind]),
);

const valueOf = (char: string) => ALPHABET.indexOf(char);

/** Luhn mod N's sum over `chars`, doubling every second value from the right, starting at `doubleFirst`. */
function luhnSum(chars: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let index = chars.length - 1; index >= 0; index--) {
    let addend = valueOf(chars[index]!) * (double ? 2 : 1);
    addend = Math.floor(addend / BASE) + (addend % BASE);
    sum += addend;
    double = !double;
  }
  return sum;
}

const checkCharOf = (chars: string) => ALPHABET[(BASE - (luhnSum(chars, true) % BASE)) % BASE]!;

/** The reference of a payment or a family. */
export function transferReference(kind: TransferReferenceKind, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Not an id: ${id}`);
  let body = '';
  for (let rest = id; rest > 0; rest = Math.floor(rest / BASE)) body = ALPHABET[rest % BASE] + body;
  const chars = PREFIX[kind] + body;
  return chars + checkCharOf(chars);
}

/** Crockford's reading of what people type: any case, O for 0, I and L for 1. */
const normalized = (text: string) => text.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');

/** What a reference names, or undefined when it is not a valid reference. */
export function readTransferReference(
  text: string,
): { kind: TransferReferenceKind; id: number } | undefined {
  const chars = normalized(text.replace(/[\s-]/g, ''));
  if (chars.length < 3 || [...chars].some((char) => valueOf(char) < 0)) return undefined;
  const kind = KIND_OF_PREFIX.get(chars[0]!);
  if (!kind || luhnSum(chars, false) % BASE !== 0) return undefined;
  let id = 0;
  for (const char of chars.slice(1, -1)) id = id * BASE + valueOf(char);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return { kind, id };
}

/**
 * The references a statement line's description holds ('PAGO REF P30080 SOFIA',
 * 'ref:p-3008-0'), each once, in the order written: the words of the text (letters, digits
 * and dashes) that read as a valid reference. About 1 in 32 of the other words that start
 * with P or F and use only the alphabet's letters reads as one too; a match is only a
 * proposal that staff confirm with the amount and the date.
 */
export function transferReferencesIn(
  description: string,
): { kind: TransferReferenceKind; id: number }[] {
  const found = new Map<string, { kind: TransferReferenceKind; id: number }>();
  for (const word of description.split(/[^0-9A-Za-z-]+/)) {
    const reference = readTransferReference(word);
    if (reference) found.set(`${reference.kind}:${reference.id}`, reference);
  }
  return [...found.values()];
}
