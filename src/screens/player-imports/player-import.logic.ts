import { useState } from 'react';
import { previewPlayerImport, useImportPlayers } from '../../api/player-imports.api';
import { createPlayerImportImplementations } from '../../machines/player-imports.actors';
import { playerImportMachine } from '../../machines/player-imports.machine';

/** The import dialog's machine with this club's calls, made once per dialog. */
export function usePlayerImportLogic(clubId: number) {
  const importPlayers = useImportPlayers(clubId);
  const [logic] = useState(() =>
    playerImportMachine.provide(
      createPlayerImportImplementations({
        preview: (upload) => previewPlayerImport(clubId, upload),
        // The mutation refreshes the players list when it succeeds.
        importFile: (upload) => importPlayers.mutateAsync(upload),
      }),
    ),
  );
  return logic;
}
