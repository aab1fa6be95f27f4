import {
  playerExportCells,
  playerExportFields,
  playerImportColumns,
} from '../../../contract/player-imports.columns';
import type { Player } from '../../../contract/players.schema';
import { tableToCsv } from '../../components/grid/grid-csv';
import { photoConsentText } from './player-photo-consent';

/** The export's last column: where the family allows the player's photos (issue #15). */
export const PHOTO_CONSENT_HEADER = 'Autorización de fotos';

/**
 * 'Exportar CSV' of the players grid: the columns the import reads, under their import
 * headers, so the file goes back in through 'Importar' without changes; then the photo
 * consent as the grid writes it ('Interno · Web · Redes', 'Sin autorización'), a column
 * the import does not recognise and so leaves aside.
 */
export const playersCsv = (rows: readonly Player[]) =>
  tableToCsv(
    [...playerExportFields.map((field) => playerImportColumns[field].header), PHOTO_CONSENT_HEADER],
    rows.map((row) => {
      const cells = playerExportCells(row);
      return [
        ...playerExportFields.map((field) => cells[field]),
        photoConsentText(row.photo_consent),
      ];
    }),
  );
