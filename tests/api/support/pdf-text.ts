import { inflateSync } from 'node:zlib';

/*
 * The text a PDF made by pdfkit shows, for tests: each content stream inflated (when
 * deflated), then each TJ/Tj string of its standard fonts decoded (hex, WinAnsi ≈ latin1),
 * one line per text operator. Enough for receipts; not a general PDF reader.
 */

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    const deflated = /\/FlateDecode/.test(match[1] ?? '');
    try {
      out.push((deflated ? inflateSync(body) : body).toString('latin1'));
    } catch {
      // An image or a font: no text in it.
    }
  }
  return out;
}

const decodeHex = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

/** The lines of text of `pdf`, in drawing order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => p[1]!) : [op[2]!];
      lines.push(
        parts
          .map(decodeHex)
          .join('')
          .replace(/\u00a0/g, ' '),
      );
    }
  }
  return lines;
}

/** All the text of `pdf` in one string, lines joined by '\n'. */
export const pdfText = (pdf: Buffer) => pdfTextLines(pdf).join('\n');
