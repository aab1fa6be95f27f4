import { BODY_ASCENT, CJK_CHARS, type ReceiptFontName, fontOf } from './receipt-fonts';

/*
 * Text of any script inside a box of the receipt. pdfkit wraps and aligns a string in one
 * font only, and a name such as 'Łukasz Gómez 李' needs two (receipt-fonts.ts): this cuts
 * the text into pieces of one font each, breaks lines at spaces and between ideographs
 * (a word wider than the box is cut between its letters), and draws each line's pieces
 * on one baseline, aligned left or right. A line that would pass the bottom margin starts
 * a new page. Nothing is ever drawn past the box's right edge.
 */

/** The part of pdfkit's document this module draws with. */
type Doc = PDFKit.PDFDocument;

export interface TextBox {
  x: number;
  /** The top of the first line. */
  y: number;
  width: number;
  size: number;
  bold?: boolean;
  align?: 'left' | 'right';
}

interface Piece {
  text: string;
  font: ReceiptFontName;
  width: number;
}

/** Ideographs and kana: a line may break before and after each of them. */
const IDEOGRAPH = CJK_CHARS;
/** Spaces a line may break at; a no-break space ('$ 40.000') stays inside its word. */
const BREAK = '[^\\S\\u00a0\\u2007\\u202f]';
/** Breaking spaces, a single ideograph, or a run of other characters (a word). */
const ATOM = new RegExp(
  `${BREAK}+|[${IDEOGRAPH}]|(?:[^\\s${IDEOGRAPH}]|[\\u00a0\\u2007\\u202f])+`,
  'gu',
);
const SPACES = new RegExp(`^${BREAK}`, 'u');

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });

function measure(doc: Doc, text: string, font: ReceiptFontName, size: number): Piece {
  return { text, font, width: doc.font(font).fontSize(size).widthOfString(text) };
}

/** The lines of `text` that fit in `width`, each a list of pieces (spaces included). */
export function wrapPieces(doc: Doc, text: string, box: TextBox): Piece[][] {
  const bold = box.bold ?? false;
  const space = measure(doc, ' ', fontOf(' ', bold), box.size);
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let lineWidth = 0;
  let spaceBefore = false;

  const place = (piece: Piece) => {
    const gap = spaceBefore && line.length > 0 ? space.width : 0;
    if (line.length > 0 && lineWidth + gap + piece.width > box.width) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    } else if (gap) {
      line.push(space);
      lineWidth += gap;
    }
    line.push(piece);
    lineWidth += piece.width;
    spaceBefore = false;
  };

  for (const [atom] of text.matchAll(ATOM)) {
    if (SPACES.test(atom)) {
      spaceBefore = true;
      continue;
    }
    const piece = measure(doc, atom, fontOf(atom, bold), box.size);
    if (piece.width <= box.width) {
      place(piece);
      continue;
    }
    // A word wider than the box: its letters, as many as fit on each line.
    for (const { segment } of graphemes.segment(atom)) {
      const letter = measure(doc, segment, piece.font, box.size);
      if (line.length > 0 && lineWidth + letter.width <= box.width && !spaceBefore) {
        line.push(letter);
        lineWidth += letter.width;
      } else {
        place(letter);
      }
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

const lineHeightOf = (doc: Doc, box: TextBox) =>
  doc
    .font(fontOf(' ', box.bold ?? false))
    .fontSize(box.size)
    .currentLineHeight(true);

/** The height `text` takes in `box`. */
export const textHeight = (doc: Doc, text: string, box: TextBox) =>
  wrapPieces(doc, text, box).length * lineHeightOf(doc, box);

/** Draws `text` in `box` and answers the y below its last line. */
export function writeText(doc: Doc, text: string, box: TextBox): number {
  const lineHeight = lineHeightOf(doc, box);
  const bottom = doc.page.height - doc.page.margins.bottom;
  let top = box.y;
  for (const line of wrapPieces(doc, text, box)) {
    if (top + lineHeight > bottom) {
      doc.addPage();
      top = doc.page.margins.top;
    }
    const width = line.reduce((sum, piece) => sum + piece.width, 0);
    let x = box.align === 'right' ? box.x + box.width - width : box.x;
    const baseline = top + BODY_ASCENT * box.size;
    for (const piece of line) {
      doc
        .font(piece.font)
        .fontSize(box.size)
        .text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += piece.width;
    }
    top += lineHeight;
  }
  return top;
}
