import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../contract/money.format';
import type { ReceiptData } from './receipt-data';

/*
 * The receipt as a PDF (A5, pdfkit's built-in Helvetica, which writes Spanish letters):
 * it only lays out what receiptData gathered, in the order an accountant reads a
 * 'recibo de caja': the club, the number and date, the player and concept, the amounts,
 * how it was paid and who recorded and approved it. Amounts go through formatMoney, the
 * helper the screens use.
 */

export interface ReceiptPdfOptions {
  /** The club's logo as PNG or JPEG (receipt-logo.ts), or null for the name alone. */
  logo?: Buffer | null;
  /** Deflate the content streams (default); tests turn it off to read the text. */
  compress?: boolean;
}

/** The title of receipt `n`: 'Recibo de caja N.º 4'. */
export const receiptTitle = (n: number) => `Recibo de caja N.º ${n}`;

/** Label and value rows of the receipt, in reading order; a blank label is a separator. */
export function receiptRows(data: ReceiptData): [string, string][] {
  const rows: [string, string][] = [
    ['Jugador', data.player.name],
    ...(data.player.document ? ([['Documento', data.player.document]] as [string, string][]) : []),
    ['Concepto', data.concept],
    ['Periodo', data.period],
    ['', ''],
    ['Valor base', formatMoney(data.baseAmount)],
    ...data.discounts.map((d): [string, string] => [
      `Descuento: ${d.name}`,
      `-${formatMoney(d.amount)}`,
    ]),
    ['Valor a pagar', formatMoney(data.amountDue)],
    ['Valor recibido', formatMoney(data.received)],
    ['Total pagado', formatMoney(data.totalPaid)],
    ['Saldo pendiente', formatMoney(data.balance)],
    ['', ''],
    ['Medio de pago', data.method ?? 'No indicado'],
  ];
  if (data.reference) rows.push(['Referencia', data.reference]);
  rows.push(['Fecha de pago', data.paidOn], ['Registrado por', data.recordedBy]);
  if (data.approvedBy) rows.push(['Aprobado por', data.approvedBy]);
  return rows;
}

const MARGIN = 36;
const LOGO_SIDE = 56;
const GREY = '#555555';

/** The PDF bytes of the receipt. */
export function renderReceiptPdf(
  data: ReceiptData,
  options: ReceiptPdfOptions = {},
): Promise<Buffer> {
  const title = receiptTitle(data.receiptNumber);
  const doc = new PDFDocument({
    size: 'A5',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: title, Author: data.club.name, Subject: `${data.concept} ${data.period}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  let textX = MARGIN;
  if (options.logo) {
    try {
      doc.image(options.logo, MARGIN, MARGIN, { fit: [LOGO_SIDE, LOGO_SIDE] });
      textX = MARGIN + LOGO_SIDE + 12;
    } catch {
      // An image pdfkit cannot read: the club's name alone.
    }
  }
  const headerWidth = width - (textX - MARGIN);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('black');
  doc.text(data.club.name, textX, MARGIN, { width: headerWidth });
  const contact = [
    [data.club.address, data.club.city].filter(Boolean).join(', '),
    [data.club.phone, data.club.email].filter(Boolean).join(' · '),
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of contact) doc.text(line, textX, doc.y, { width: headerWidth });

  let y = Math.max(doc.y, options.logo ? MARGIN + LOGO_SIDE : 0) + 18;
  doc.font('Helvetica-Bold').fontSize(13).fillColor('black');
  doc.text(title, MARGIN, y, { width });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(`Aprobado el ${data.approvedOn}`, MARGIN, doc.y + 2, { width });
  y = doc.y + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#cccccc')
    .stroke();
  y += 10;

  const labelWidth = width * 0.45;
  for (const [label, value] of receiptRows(data)) {
    if (!label) {
      y += 6;
      continue;
    }
    const strong = label === 'Valor recibido';
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(strong ? 'black' : GREY);
    doc.text(label, MARGIN, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc.fillColor('black');
    doc.text(value, MARGIN + labelWidth, y, { width: width - labelWidth, align: 'right' });
    y = Math.max(afterLabel, doc.y) + 4;
  }

  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  doc.text(
    'Recibo generado por Gestión deportiva. Los valores están en pesos colombianos (COP).',
    MARGIN,
    y + 16,
    { width },
  );
  doc.end();
  return done;
}
