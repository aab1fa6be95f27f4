import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import {
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  PROOF_MAX_SIDE,
  type PaymentProofFields,
  type ProofContentType,
  paymentProofFieldsSchema,
  proofMessages as m,
} from '../../../contract/payment-proofs.schema';
import { AppError } from '../../lib/app-error';
import { isClientMultipartError } from '../../lib/multipart-errors';
import { detectPhotoType } from '../profile/photo';

/*
 * Reading and checking a proof of payment (multipart: the record's text fields and the
 * file `proof`). What a file is comes from its bytes, never from its name or the client's
 * content type: a JPEG, PNG or WebP that sharp decodes (stored re-encoded as a WebP, at
 * most PROOF_MAX_SIDE px a side, without metadata), or a PDF (starts with `%PDF-` and has
 * `%%EOF` in its last KiB; stored as it is). Anything else — an executable renamed
 * proof.jpg — is a 400 on `proof`.
 */

const fieldError = (path: string, message: string) =>
  new AppError(400, message, { errors: [{ path, message }] });

export const proofError = (message: string) => fieldError(PROOF_FIELD, message);

/** Lets the calling plugin's routes read one proof of at most PROOF_MAX_BYTES. */
export const registerProofUploads = (app: FastifyInstance) =>
  app.register(fastifyMultipart, {
    // A note may be 1000 characters of 4 UTF-8 bytes each.
    limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, fieldSize: 8192, parts: 20 },
  });

/** A multipart request: its text fields (each once) and the bytes of `proof`, if sent. */
export interface ProofUpload {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/** Reads the multipart body; 400 on `proof` when it is over PROOF_MAX_BYTES. */
export async function readProofUpload(request: FastifyRequest): Promise<ProofUpload> {
  if (!request.isMultipart()) throw proofError(m.notMultipart);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === PROOF_FIELD && file === undefined) file = await part.toBuffer();
        else part.file.resume();
        continue;
      }
      if (part.valueTruncated) throw fieldError(part.fieldname, m.fieldTooLong);
      // The first value of a repeated field counts, as a form sends it once.
      if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw proofError(m.tooLarge);
    // A second file is over the limit of one: the proof, when it came first, still counts.
    if (code !== 'FST_FILES_LIMIT') {
      if (isClientMultipartError(error)) throw error;
      // A body cut short or malformed: what came of the proof cannot be trusted.
      throw proofError(m.unreadable);
    }
  }
  return { fields, file };
}

/** The record's fields of an upload, or 400 naming each wrong one. */
export function proofFieldsOf(upload: ProofUpload): PaymentProofFields {
  const parsed = paymentProofFieldsSchema.safeParse(upload.fields);
  if (parsed.success) return parsed.data;
  throw new AppError(400, m.badFields, {
    errors: parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: key, message: issue.message }))
        : [{ path: issue.path.map(String).join('.'), message: issue.message }],
    ),
  });
}

/** A checked proof, ready to store. */
export interface CheckedProof {
  bytes: Buffer;
  extension: '.webp' | '.pdf';
  contentType: ProofContentType;
}

/** Far more than any phone photo of 5 MB holds; refuses decompression bombs. */
const MAX_INPUT_PIXELS = 60_000_000;
const PDF_TAIL = 1024;

/** `%PDF-` at the start and `%%EOF` in the last KiB (a PDF may end with a line break). */
export function isPdf(bytes: Buffer): boolean {
  return (
    bytes.length > 5 &&
    bytes.toString('latin1', 0, 5) === '%PDF-' &&
    bytes.subarray(Math.max(0, bytes.length - PDF_TAIL)).includes('%%EOF', 0, 'latin1')
  );
}

/** The proof as stored, or 400 on `proof` when it is missing, not allowed or unreadable. */
export async function checkProof(bytes: Buffer | undefined): Promise<CheckedProof> {
  if (!bytes || bytes.length === 0) throw proofError(m.missing);
  if (bytes.length > PROOF_MAX_BYTES) throw proofError(m.tooLarge);
  if (isPdf(bytes)) return { bytes, extension: '.pdf', contentType: 'application/pdf' };
  if (!detectPhotoType(bytes)) throw proofError(m.wrongType);
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: PROOF_MAX_SIDE,
        height: PROOF_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      // Receipts are text: a higher quality than profile photos keeps them legible.
      .webp({ quality: 85 })
      .toBuffer();
    return { bytes: webp, extension: '.webp', contentType: 'image/webp' };
  } catch {
    throw proofError(m.unreadable);
  }
}

/** The content type of a stored proof, by its key's extension. */
export const proofContentTypeOf = (key: string): ProofContentType | null =>
  key.endsWith('.pdf') ? 'application/pdf' : key.endsWith('.webp') ? 'image/webp' : null;

/** The proof staff attached to money they record, by request (see multipartRecordBody). */
const attachedProofs = new WeakMap<FastifyRequest, CheckedProof>();

/**
 * preValidation of `POST …/records`: a multipart body becomes the record's fields (then
 * validated by the route's JSON schema like a JSON body) and its optional `proof`, checked,
 * is kept for the handler (attachedProofOf). A JSON body passes untouched.
 */
export async function multipartRecordBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const upload = await readProofUpload(request);
  request.body = proofFieldsOf(upload);
  // A form's empty file input sends an empty part: no proof.
  if (upload.file?.length) attachedProofs.set(request, await checkProof(upload.file));
}

export const attachedProofOf = (request: FastifyRequest) => attachedProofs.get(request);
