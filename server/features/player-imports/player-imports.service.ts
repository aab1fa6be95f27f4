import type {
  PlayerImportFormat,
  PlayerImportResult,
} from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MailOutbox } from '../../mail/outbox';
import { loadPlanFacts } from './player-imports.plan';
import {
  loadRememberedMapping,
  mappingChoices,
  rememberMapping,
} from './player-imports.remembered';
import { previewInWorker, readImportFile, readInWorker } from './player-imports.pool';
import { type TemplateFile, playerImportTemplate } from './player-imports.template';
import { writeImport } from './player-imports.write';

/** What an import request carries: the file's bytes and, optionally, the mapping as JSON text. */
export interface ImportUpload {
  bytes: Buffer;
  mapping: string | undefined;
}

export interface PlayerImportsService {
  template(format: PlayerImportFormat): Promise<TemplateFile>;
  /**
   * The preview's answer as JSON text (`{ data: PlayerImportPreview }`, as
   * playerImportPreviewResponseSchema): planned and encoded in a worker.
   */
  preview(clubId: number, upload: ImportUpload): Promise<string>;
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
      const remembered = await loadRememberedMapping(db, clubId);
      const sheet = await readInWorker(upload.bytes, upload.mapping, remembered);
      return previewInWorker(sheet, await loadPlanFacts(db, clubId, sheet.keys));
    },

    async importFile(clubId, upload, requestedBy = null) {
      const remembered = await loadRememberedMapping(db, clubId);
      const { sheet, mapping } = await readImportFile(upload.bytes, upload.mapping, {
        remembered,
      });
      const links = outbox ? { deps: { clock, outbox, appUrl }, requestedBy } : undefined;
      const now = clock.now();
      // A mapping the person changed is offered again with the next file of these headers.
      const choices = upload.mapping?.trim()
        ? mappingChoices(sheet.headers, mapping, remembered)
        : {};
      return writeImport(db, clubId, sheet, mapping, now, links, (tx) =>
        rememberMapping(tx, clubId, choices, now),
      );
    },
  };
}
