import { base } from './payments';
import type { TestContext } from './test-app';

/*
 * Helpers of the proof tests: a multipart body with text fields and an optional file, the
 * proof request and the read of a stored proof, and the files the tests send.
 */

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body of `fields` and, if given, one file. */
export function form(fields: Record<string, string | number>, file?: FilePart) {
  const boundary = `----comprobante${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'proof'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small PDF: `%PDF-` first, `%%EOF` last. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

/** An ELF executable's first bytes, as a file renamed proof.jpg would carry them. */
export const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048, 0x90)]);

/** POST …/payments/{paymentId}/{path} as multipart. */
export const postForm = (
  ctx: TestContext,
  token: string,
  clubId: number,
  paymentId: number,
  fields: Record<string, string | number>,
  file?: FilePart,
  path = 'proofs',
) =>
  ctx.request({
    method: 'POST',
    url: `${base(clubId)}/payments/${paymentId}/${path}`,
    token,
    ...form(fields, file),
  });

/** GET …/payments/{paymentId}/records/{recordId}/proof. */
export const getProof = (
  ctx: TestContext,
  token: string,
  clubId: number,
  paymentId: number,
  recordId: number,
) =>
  ctx.request({
    method: 'GET',
    url: `${base(clubId)}/payments/${paymentId}/records/${recordId}/proof`,
    token,
  });
