import { formatMoney } from '../../../contract/money.format';
import { PUBLIC_RECEIPT_PATH } from '../../../contract/receipts.schema';
import type { ReceiptData } from './receipt-data';

/*
 * The 'Compartir por WhatsApp' pieces of a receipt link: the public url and a wa.me link
 * with a prefilled Spanish message. With the player's phone (their own, else their
 * guardian's) the link opens that chat; without one, WhatsApp asks whom to send it to.
 */

/** `<app url>/api/public/receipts/<token>`. */
export const publicReceiptUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}${PUBLIC_RECEIPT_PATH}${token}`;

/**
 * A phone as wa.me wants it: digits only, with the country code. A Colombian number of 10
 * digits (3001234567) gets 57 in front; fewer than 8 digits or more than 15 is no number.
 */
export function whatsappPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const full = digits.length === 10 && !phone.trim().startsWith('+') ? `57${digits}` : digits;
  return full.length >= 8 && full.length <= 15 ? full : null;
}

/** The prefilled message: club, receipt number, amount, concept, period, the link and its expiry. */
export function whatsappText(data: ReceiptData, url: string, expiresOn: string): string {
  return [
    `Hola, ${data.club.name} le envía el recibo de caja N.º ${data.receiptNumber}:`,
    `${formatMoney(data.received)} de ${data.concept} (${data.period}).`,
    `Véalo o descárguelo aquí: ${url}`,
    `El enlace vence el ${expiresOn}.`,
  ].join('\n');
}

/** `https://wa.me/[digits]?text=…`. */
export function whatsappUrl(data: ReceiptData, url: string, expiresOn: string): string {
  const phone = whatsappPhone(data.player.phone);
  const text = encodeURIComponent(whatsappText(data, url, expiresOn));
  return `https://wa.me/${phone ?? ''}?text=${text}`;
}
