import {
  playerExportCells,
  playerExportFields,
  playerImportColumns,
} from '../../../contract/player-imports.columns';
import type { Player } from '../../../contract/players.schema';
import { tableToCsv } from '../../components/grid/grid-csv';

/**
 * 'Exportar CSV' of the players grid: the columns the import reads, under their import
 * headers, so the file goes back in through 'Importar' without changes.
 */
export const playersCsv = (rows: readonly Player[]) =>
  tableToCsv(
    playerExportFields.map((field) => playerImportColumns[field].header),
    rows.map((row) => {
      const cells = playerExportCells(row);
      return playerExportFields.map((field) => cells[field]);
    }),
  );
