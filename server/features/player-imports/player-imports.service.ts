import type {
  PlayerImportFormat,
  PlayerImportPreview,
  PlayerImportResult,
} from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MailOutbox } from '../../mail/outbox';
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
  /** `requestedBy`: the caller, who sends the link requests of the file (issue #33). */
  importFile(
    clubId: number,
    upload: ImportUpload,
    requestedBy?: number | null,
  ): Promise<PlayerImportResult>;
}

/** Players from a CSV or Excel file (issue #11 item 4), in the club of the URL. */
export function createPlayerImportsService({
  db,
  clock,
  outbox,
  appUrl = '',
}: {
  db: Db;
  clock: Clock;
  /** Where the link requests' e-mails are queued (issue #33); none: no requests are sent. */
  outbox?: MailOutbox;
  appUrl?: string;
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

    async importFile(clubId, upload, requestedBy = null) {
      const { sheet, mapping } = await readImportFile(upload.bytes, upload.mapping);
      const links = outbox ? { deps: { clock, outbox, appUrl }, requestedBy } : undefined;
      return writeImport(db, clubId, sheet, mapping, clock.now(), links);
    },
  };
}
