import type {
  PlayerImportFormat,
  PlayerImportPreview,
  PlayerImportResult,
} from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { planImport } from './player-imports.plan';
import { readImportFile } from './player-imports.pool';
import { type TemplateFile, playerImportTemplate } from './player-imports.template';
import { writeImport } from './player-imports.write';

/** What an import request carries: the file's bytes and, optionally, the mapping as JSON text. */
export interface ImportUpload {
  bytes: Buffer;
  mapping: string | undefined;
}

export interface PlayerImportsService {
  template(format: PlayerImportFormat): Promise<TemplateFile>;
  preview(clubId: number, upload: ImportUpload): Promise<PlayerImportPreview>;
  importFile(clubId: number, upload: ImportUpload): Promise<PlayerImportResult>;
}

/** Players from a CSV or Excel file (issue #11 item 4), in the club of the URL. */
export function createPlayerImportsService({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): PlayerImportsService {
  return {
    template: playerImportTemplate,

    async preview(clubId, upload) {
      const { sheet, mapping } = await readImportFile(upload.bytes, upload.mapping, {
        once: true,
      });
      const plan = await planImport(db, clubId, sheet, mapping);
      return {
        headers: sheet.headers,
        mapping,
        rows: plan.rows.map(({ row, status, name, errors, note }) => ({
          row,
          status,
          name,
          errors,
          note,
        })),
        counts: plan.counts,
      };
    },

    async importFile(clubId, upload) {
      const { sheet, mapping } = await readImportFile(upload.bytes, upload.mapping);
      return writeImport(db, clubId, sheet, mapping, clock.now());
    },
  };
}
