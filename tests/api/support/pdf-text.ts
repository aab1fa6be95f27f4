import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * What a PDF shows, read by poppler's tools as a person's viewer would (.ci/run installs
 * poppler-utils): the receipts embed subset fonts whose text is only readable through
 * their Unicode maps, which is what pdftotext follows.
 */

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * All the text of `pdf` as pdftotext lays it out (a label and its value on one line), with
 * every run of spaces, line breaks and non-breaking spaces made one space.
 */
export const pdfText = (pdf: Buffer): string =>
  withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

/** One font of a PDF as pdffonts lists it. */
export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** The fonts of `pdf` (pdffonts' table: name, type, encoding, emb, sub, uni, object id). */
export const pdfFonts = (pdf: Buffer): PdfFont[] =>
  withFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }))
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      // From the right: object id and generation, then uni, sub, emb.
      const [emb, sub, uni] = cells.slice(-5, -2);
      return {
        name: cells[0]!,
        type: cells.slice(1, -6).join(' '),
        embedded: emb === 'yes',
        subset: sub === 'yes',
        unicode: uni === 'yes',
      };
    });
