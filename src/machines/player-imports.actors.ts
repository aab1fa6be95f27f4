import { fromPromise } from 'xstate';
import type { PlayerImportPreview, PlayerImportResult } from '../../contract/player-imports.schema';
import type { PlayerImportSnapshot, PlayerImportUpload } from './player-imports.machine';

/*
 * The players import dialog's effects (STYLE.md §2): the two calls are plain functions
 * described here; src/api/player-imports.api.ts satisfies them (its import mutation
 * refreshes the players list), tests pass fakes.
 */

export interface PlayerImportDeps {
  preview: (upload: PlayerImportUpload) => Promise<PlayerImportPreview>;
  importFile: (upload: PlayerImportUpload) => Promise<PlayerImportResult>;
  /** After a successful import (the list is refreshed by the mutation; this may toast). */
  onImported?: (result: PlayerImportResult) => void;
}

/** '1 jugador' / '12 jugadores'. */
const players = (count: number) => `${count} ${count === 1 ? 'jugador' : 'jugadores'}`;

/**
 * 'Se importaron 48 jugadores (2 actualizados)': created and updated counted apart; then
 * the requests sent to people registered elsewhere (issue #33), who are not players yet.
 */
export function importedMessage(result: PlayerImportResult): string {
  const total = result.created + result.updated;
  const verb = total === 1 ? 'Se importó' : 'Se importaron';
  const updated = `${result.updated} ${result.updated === 1 ? 'actualizado' : 'actualizados'}`;
  const imported = `${verb} ${players(total)} (${updated})`;
  if (!result.requested) return imported;
  const sent =
    result.requested === 1 ? 'Se envió 1 solicitud' : `Se enviaron ${result.requested} solicitudes`;
  return `${imported}. ${sent} a personas ya registradas: aparecerán en el club cuando la acepten.`;
}

export function createPlayerImportImplementations(deps: PlayerImportDeps) {
  return {
    actors: {
      preview: fromPromise<PlayerImportPreview, PlayerImportUpload>(({ input }) =>
        deps.preview(input),
      ),
      importFile: fromPromise<PlayerImportResult, PlayerImportUpload>(({ input }) =>
        deps.importFile(input),
      ),
    },
    actions: {
      notifyImported: (_: unknown, { result }: { result: PlayerImportResult }) =>
        deps.onImported?.(result),
    },
  };
}

/* What the dialog reads from the machine. */

export type PlayerImportStep = 'file' | 'mapping' | 'rows' | 'importing' | 'done';

/** The dialog's step. */
export const selectStep = (snapshot: PlayerImportSnapshot): PlayerImportStep => {
  if (snapshot.matches({ preview: 'mapping' })) return 'mapping';
  if (snapshot.matches({ preview: 'rows' })) return 'rows';
  if (snapshot.matches('importing') || snapshot.matches('importFailed')) return 'importing';
  if (snapshot.matches('done')) return 'done';
  return 'file';
};
export const selectIsBusy = (snapshot: PlayerImportSnapshot) => snapshot.hasTag('busy');
export const selectCanImport = (snapshot: PlayerImportSnapshot) =>
  snapshot.matches({ preview: 'rows' }) && snapshot.can({ type: 'import.start' });
