import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  RECEIPT_LINK_DAYS,
  type ReceiptLink,
  type ReceiptLinkCreated,
  receiptMessages as m,
} from '../../../contract/receipts.schema';
import { assertClubDoorsOpen } from '../../auth/club-doors';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { paymentRecords, payments, receiptLinks } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import { type Clock, addMs } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import type { FileStorage } from '../../storage/storage';
import type { PaymentScope } from './payment-scope';
import { clubDayText, receiptData, receiptRecordId } from './receipt-data';
import { receiptLogo } from './receipt-logo';
import { renderReceiptPdf } from './receipt-pdf';
import { publicReceiptUrl, whatsappUrl } from './receipt-share';

/*
 * Receipts (issue #12 item 3): the PDF of an approved record for the club's staff and the
 * family whose payment it is, and the public links staff share by WhatsApp. A link's
 * token is 32 random bytes in base64url, handed out once in the create answer; only its
 * sha256 is stored (a database leak opens no receipt). It works until RECEIPT_LINK_DAYS
 * after it was made, by the injected clock, unless revoked.
 */

const DAY_MS = 86_400_000;

/** A receipt ready to send: its bytes and its number (the file name). */
export interface ReceiptFile {
  bytes: Buffer;
  receiptNumber: number;
}

/** Who acts on which payment's links. */
export interface ReceiptActor {
  clubId: number;
  paymentId: number;
  actorId: number;
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

export function createReceiptsService({
  db,
  clock,
  storage,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  appUrl: string;
}) {
  async function pdfOf(recordId: number): Promise<ReceiptFile> {
    const data = await receiptData(db, recordId);
    const logo = await receiptLogo(storage, data.club.logoUrl);
    const bytes = await renderReceiptPdf(data, { logo });
    return { bytes, receiptNumber: data.receiptNumber };
  }

  /** 404 unless the payment is the club's. */
  async function assertPayment(clubId: number, paymentId: number) {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.clubId, clubId)));
    if (!row) throw new AppError(404, m.paymentNotFound);
  }

  return {
    /** The receipt of one approved record of the payment, inside the caller's scope. */
    async paymentReceipt(
      clubId: number,
      paymentId: number,
      { recordId, scope }: { recordId?: number | undefined; scope: PaymentScope },
    ): Promise<ReceiptFile> {
      return pdfOf(await receiptRecordId(db, clubId, paymentId, { recordId, scope }));
    },

    /** A new public link to the receipt, with its WhatsApp link (the token shown once). */
    async createLink(
      { clubId, paymentId, actorId }: ReceiptActor,
      recordId: number | undefined,
    ): Promise<ReceiptLinkCreated> {
      const record = await receiptRecordId(db, clubId, paymentId, { recordId, scope: undefined });
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = addMs(now, RECEIPT_LINK_DAYS * DAY_MS);
      const [link] = await db
        .insert(receiptLinks)
        .values({
          clubId,
          recordId: record,
          tokenHash: hashSecretToken(token),
          expiresAt,
          createdBy: actorId,
          createdAt: now,
        })
        .returning({ id: receiptLinks.id });
      const data = await receiptData(db, record);
      const [club] = await db
        .select({ timezone: clubs.timezone })
        .from(clubs)
        .where(eq(clubs.id, clubId));
      const url = publicReceiptUrl(appUrl, token);
      const expiresOn = clubDayText(expiresAt, club?.timezone ?? 'America/Bogota');
      return {
        id: link!.id,
        url,
        expires_at: expiresAt.toISOString(),
        whatsapp_url: whatsappUrl(data, url, expiresOn),
      };
    },

    /** The payment's links, newest first (never a token: only its hash is stored). */
    async listLinks(clubId: number, paymentId: number): Promise<ReceiptLink[]> {
      await assertPayment(clubId, paymentId);
      const rows = await db
        .select({
          id: receiptLinks.id,
          recordId: receiptLinks.recordId,
          receiptNumber: paymentRecords.receiptNumber,
          expiresAt: receiptLinks.expiresAt,
          revokedAt: receiptLinks.revokedAt,
          createdAt: receiptLinks.createdAt,
        })
        .from(receiptLinks)
        .innerJoin(paymentRecords, eq(paymentRecords.id, receiptLinks.recordId))
        .where(and(eq(receiptLinks.clubId, clubId), eq(paymentRecords.paymentId, paymentId)))
        .orderBy(desc(receiptLinks.createdAt), desc(receiptLinks.id));
      return rows.map((row) => ({
        id: row.id,
        record_id: row.recordId,
        receipt_number: row.receiptNumber ?? 0,
        expires_at: row.expiresAt.toISOString(),
        revoked_at: row.revokedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Revokes a link of the payment; revoking it again changes nothing (404 if not its link). */
    async revokeLink({ clubId, paymentId, actorId }: ReceiptActor, linkId: number) {
      await assertPayment(clubId, paymentId);
      const [link] = await db
        .select({ id: receiptLinks.id })
        .from(receiptLinks)
        .innerJoin(paymentRecords, eq(paymentRecords.id, receiptLinks.recordId))
        .where(
          and(
            eq(receiptLinks.id, linkId),
            eq(receiptLinks.clubId, clubId),
            eq(paymentRecords.paymentId, paymentId),
          ),
        );
      if (!link) throw new AppError(404, m.linkNotFound);
      await db
        .update(receiptLinks)
        .set({ revokedAt: clock.now(), revokedBy: actorId })
        .where(and(eq(receiptLinks.id, linkId), isNull(receiptLinks.revokedAt)));
    },

    /** The receipt behind a public token; 404 when unknown, expired, revoked or its club suspended. */
    async publicReceipt(token: string): Promise<ReceiptFile> {
      const refused = new AppError(404, m.publicNotFound);
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw refused;
      const [link] = await db
        .select({
          clubId: receiptLinks.clubId,
          recordId: receiptLinks.recordId,
          expiresAt: receiptLinks.expiresAt,
          revokedAt: receiptLinks.revokedAt,
        })
        .from(receiptLinks)
        .where(eq(receiptLinks.tokenHash, hashSecretToken(token)));
      if (!link || link.revokedAt !== null || link.expiresAt <= clock.now()) throw refused;
      await assertClubDoorsOpen(db, link.clubId, refused);
      return pdfOf(link.recordId);
    },
  };
}
