import { useMutation } from '@tanstack/react-query';
import {
  PLAYER_IMPORT_FILE_FIELD,
  PLAYER_IMPORT_MAPPING_FIELD,
  type PlayerImportFormat,
  type PlayerImportMapping,
  type PlayerImportPreview,
  type PlayerImportResult,
  playerImportPreviewResponseSchema,
  playerImportResultResponseSchema,
} from '../../contract/player-imports.schema';
import { authClient, describeFailures } from './http';
import { changes } from './refresh';

/*
 * Importing players from CSV or Excel (issue #11 item 4):
 * `/api/pla_club_teams/{id}/player-imports`. Answers are parsed with the contract; every
 * failure is a RequestError (a 422 carries each row's errors as `rows.<row>.<field>`).
 */

export interface PlayerImportUploadInput {
  file: File;
  /** null: the server recognises the columns by their headers. */
  mapping: PlayerImportMapping | null;
}

const formOf = ({ file, mapping }: PlayerImportUploadInput) => {
  const body = new FormData();
  // The mapping first: the server reads the parts in order.
  if (mapping) body.append(PLAYER_IMPORT_MAPPING_FIELD, JSON.stringify(mapping));
  body.append(PLAYER_IMPORT_FILE_FIELD, file, file.name);
  return body;
};

/** `POST …/player-imports/preview`: what importing the file would do, row by row. */
export const previewPlayerImport = (
  clubId: number,
  upload: PlayerImportUploadInput,
): Promise<PlayerImportPreview> =>
  describeFailures(
    async () =>
      playerImportPreviewResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/player-imports/preview`, {
          method: 'POST',
          body: formOf(upload),
        }),
      ).data,
  );

/** `POST …/player-imports`: the whole file in one transaction. */
export const importPlayers = (
  clubId: number,
  upload: PlayerImportUploadInput,
): Promise<PlayerImportResult> =>
  describeFailures(
    async () =>
      playerImportResultResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/player-imports`, {
          method: 'POST',
          body: formOf(upload),
        }),
      ).data,
  );

/** `GET …/player-imports/template?format=`: the template file, to save. */
export const downloadPlayerImportTemplate = (
  clubId: number,
  format: PlayerImportFormat,
): Promise<Blob> =>
  describeFailures(() =>
    authClient<Blob, 'blob'>(`/pla_club_teams/${clubId}/player-imports/template`, {
      query: { format },
      responseType: 'blob',
    }),
  );

/** Imports a file and refreshes what new players change (lists, sections, the dashboards). */
export function useImportPlayers(clubId: number) {
  return useMutation({
    ...changes('players', clubId),
    mutationFn: (upload: PlayerImportUploadInput) => importPlayers(clubId, upload),
  });
}
