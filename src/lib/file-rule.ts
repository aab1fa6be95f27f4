/*
 * The browser's first check of a file before it is uploaded (photos, proofs of payment,
 * blog covers): its type and size against what the endpoint accepts, refused with the
 * contract's Spanish words. The server reads the bytes again; this only spares a useless
 * upload.
 */

/** What an upload accepts, and how it refuses the rest. */
export interface FileRule {
  /** MIME types the input offers and the endpoint stores. */
  types: readonly string[];
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
}

/** Why `file` cannot be sent under `rule`, or null when it can. */
export function fileProblem(file: File, rule: FileRule): string | null {
  if (!rule.types.includes(file.type)) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}
