import {
  type PlayerImportFormat,
  type PlayerImportMapping,
  type PlayerImportPreview,
  type PlayerImportResult,
  playerImportMappingSchema,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { type PlayerImportField } from '../../../contract/player-imports.columns';
import { detectPlayerImportMapping } from './player-imports.headers';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MailOutbox } from '../../mail/outbox';
import { type ParsedSheet, parseSheet } from './player-imports.parse';
import { planImport } from './player-imports.plan';
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

const mappingError = (path: string, message: string) =>
  new AppError(400, message, { errors: [{ path, message }] });

/**
 * The mapping to use: the one sent (checked: JSON, known fields, headers the file has),
 * else the one recognised from the headers.
 */
function mappingFor(sheet: ParsedSheet, sent: string | undefined): PlayerImportMapping {
  if (sent === undefined || sent.trim() === '') return detectPlayerImportMapping(sheet.headers);
  let json: unknown;
  try {
    json = JSON.parse(sent);
  } catch {
    throw mappingError('mapping', playerImportMessages.badMapping);
  }
  const parsed = playerImportMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ['mapping', ...issue.path.map(String)].join('.');
    throw mappingError(path, issue.message);
  }
  const mapping = parsed.data as PlayerImportMapping;
  for (const [field, header] of Object.entries(mapping) as [PlayerImportField, string | null][]) {
    if (header && !sheet.headers.includes(header)) {
      throw mappingError(`mapping.${field}`, playerImportMessages.mappingUnknownHeader);
    }
  }
  return mapping;
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
      const sheet = await parseSheet(upload.bytes);
      const mapping = mappingFor(sheet, upload.mapping);
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
      const sheet = await parseSheet(upload.bytes);
      const links = outbox ? { deps: { clock, outbox, appUrl }, requestedBy } : undefined;
      return writeImport(db, clubId, sheet, mappingFor(sheet, upload.mapping), clock.now(), links);
    },
  };
}
