import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Font, create } from 'fontkit';

/*
 * The fonts of the receipt PDF (issue #34 item 5). pdfkit's standard Helvetica only
 * writes Latin-1, so 'Łukasz Nguyễn Čapek 李' came out as garbage: the receipt embeds
 * Noto Sans (Latin with its extensions, Vietnamese, Greek, Cyrillic) and, only for the
 * characters of Chinese and Japanese scripts, which Noto Sans lacks, Noto Sans SC. pdfkit
 * embeds a subset of each font a receipt uses, so a receipt stays a few kilobytes. The
 * files come from npm packages (@expo-google-fonts, OFL-1.1) and are read and parsed
 * (fontkit) once per process, the CJK ones (10 MB each) only when a receipt first needs
 * them: every receipt then shares the parsed fonts, since parsing Noto Sans's layout
 * tables again for each document made a receipt take ~0.5 s instead of ~40 ms.
 */

const require = createRequire(import.meta.url);

const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** The name a receipt registers each font under in its document. */
export type ReceiptFontName = keyof typeof FILES;

/**
 * Noto Sans's ascent (hhea ascender, 1069 of 1000 units): where its baseline sits below
 * the top of a line, so runs of both fonts share one baseline.
 */
export const BODY_ASCENT = 1.069;

/**
 * The characters Noto Sans has no glyph for and Noto Sans SC has, as a regular expression
 * class: Han ideographs, kana, bopomofo, CJK punctuation and full-width forms.
 */
export const CJK_CHARS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u3000-\\u303f\\uff00-\\uffef';
const CJK = new RegExp(`[${CJK_CHARS}]`, 'u');

/** Whether `text` has a character drawn with the CJK font. */
export const needsCjk = (text: string) => CJK.test(text);

/** The font of one character (a code point) in the regular or the bold weight. */
export function fontOf(char: string, bold: boolean): ReceiptFontName {
  if (CJK.test(char)) return bold ? 'cjkBold' : 'cjkRegular';
  return bold ? 'bold' : 'regular';
}

const loaded = new Map<ReceiptFontName, Promise<Font>>();

function load(name: ReceiptFontName): Promise<Font> {
  let font = loaded.get(name);
  if (!font) {
    font = readFile(require.resolve(FILES[name])).then((file) => create(file) as Font);
    // A failed read is tried again by the next receipt rather than cached.
    font.catch(() => loaded.delete(name));
    loaded.set(name, font);
  }
  return font;
}

/** The parsed fonts a receipt needs: Noto Sans always, Noto Sans SC when `cjk`. */
export async function receiptFonts(cjk: boolean): Promise<Map<ReceiptFontName, Font>> {
  const names: ReceiptFontName[] = cjk
    ? ['regular', 'bold', 'cjkRegular', 'cjkBold']
    : ['regular', 'bold'];
  const fonts = await Promise.all(names.map(load));
  return new Map(names.map((name, i) => [name, fonts[i]!]));
}

/**
 * Registers `fonts` in `doc` under their names. pdfkit 0.20 takes a parsed fontkit font
 * as a source (PDFFontFactory.open), which its type definitions do not list yet.
 */
export function registerReceiptFonts(doc: PDFKit.PDFDocument, fonts: Map<ReceiptFontName, Font>) {
  for (const [name, font] of fonts) {
    doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  }
}
