import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../contract/money.format';
import type { ReceiptData } from './receipt-data';
import { needsCjk, receiptFonts, registerReceiptFonts } from './receipt-fonts';
import { textHeight, writeText } from './receipt-text';

/*
 * The receipt as a PDF (A5, with embedded Noto fonts that write any name: receipt-fonts.ts):
 * it only lays out what receiptData gathered, in the order an accountant reads a
 * 'recibo de caja': the club with its NIT, the number and date, who paid, the player and
 * concept, the amounts (the one received also in words), how it was paid and who recorded
 * and approved it. Amounts go through formatMoney, the helper the screens use. Every text
 * wraps inside the page's margins (receipt-text.ts).
 */

export interface ReceiptPdfOptions {
  /** The club's logo as PNG or JPEG (receipt-logo.ts), or null for the name alone. */
  logo?: Buffer | null;
  /** Deflate the content streams (default); tests turn it off to read the text. */
  compress?: boolean;
}

/** The title of receipt `n`: 'Recibo de caja N.º 4'. */
export const receiptTitle = (n: number) => `Recibo de caja N.º ${n}`;

/** A person as the receipt names them: 'Ana Gómez (CC 52123456)'. */
const personText = ({ name, document }: { name: string; document: string | null }) =>
  document ? `${name} (${document})` : name;

/** Label and value rows of the receipt, in reading order; a blank label is a separator. */
export function receiptRows(data: ReceiptData): [string, string][] {
  const rows: [string, string][] = [
    ...(data.payer ? ([['Pagado por', personText(data.payer)]] as [string, string][]) : []),
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
    ['Valor en letras', data.receivedInWords],
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
export async function renderReceiptPdf(
  data: ReceiptData,
  options: ReceiptPdfOptions = {},
): Promise<Buffer> {
  const title = receiptTitle(data.receiptNumber);
  const fonts = await receiptFonts(needsCjk(JSON.stringify(data)));
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
  registerReceiptFonts(doc, fonts);

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
  doc.fillColor('black');
  let y = writeText(doc, data.club.name, {
    x: textX,
    y: MARGIN,
    width: headerWidth,
    size: 14,
    bold: true,
  });
  const contact = [
    data.club.nit ? `NIT ${data.club.nit}` : '',
    [data.club.address, data.club.city].filter(Boolean).join(', '),
    [data.club.phone, data.club.email].filter(Boolean).join(' · '),
  ].filter(Boolean);
  doc.fillColor(GREY);
  for (const line of contact)
    y = writeText(doc, line, { x: textX, y, width: headerWidth, size: 9 });

  y = Math.max(y, options.logo ? MARGIN + LOGO_SIDE : 0) + 14;
  doc.fillColor('black');
  y = writeText(doc, title, { x: MARGIN, y, width, size: 13, bold: true });
  doc.fillColor(GREY);
  y = writeText(doc, `Aprobado el ${data.approvedOn}`, { x: MARGIN, y: y + 1, width, size: 9 }) + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#cccccc')
    .stroke();
  y += 8;

  const labelWidth = width * 0.38;
  const gap = 8;
  const bottom = doc.page.height - MARGIN;
  for (const [label, value] of receiptRows(data)) {
    if (!label) {
      y += 4;
      continue;
    }
    const strong = label === 'Valor recibido';
    const labelBox = { x: MARGIN, y, width: labelWidth, size: 9.5, bold: strong };
    const valueBox = {
      ...labelBox,
      x: MARGIN + labelWidth + gap,
      width: width - labelWidth - gap,
      align: 'right' as const,
    };
    // A row is never split across pages: a label keeps its value beside it.
    const height = Math.max(textHeight(doc, label, labelBox), textHeight(doc, value, valueBox));
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    doc.fillColor(strong ? 'black' : GREY);
    const afterLabel = writeText(doc, label, { ...labelBox, y });
    doc.fillColor('black');
    const afterValue = writeText(doc, value, { ...valueBox, y });
    y = Math.max(afterLabel, afterValue) + 1;
  }

  doc.fillColor(GREY);
  writeText(
    doc,
    'Recibo generado por Gestión deportiva. Los valores están en pesos colombianos (COP).',
    { x: MARGIN, y: y + 12, width, size: 8 },
  );
  doc.end();
  return done;
}
