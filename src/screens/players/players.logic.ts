import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useCreatePlayer,
  useRemovePlayer,
  useUpdatePlayer,
  useUploadPlayerPhoto,
} from '../../api/players.api';
import { toast } from '../../components/toaster';
import {
  createPlayerDeleteImplementations,
  createPlayerFormImplementations,
  playerDeleteMachine,
  playerFormMachine,
} from '../../machines/players.actors';

/*
 * The players screens' machines with these screens' dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/players.actors.ts.
 */

/** Where the grid is, and where the form goes back to. */
export const PLAYERS_PATH = '/home/players';

/** The form of a new player, or of one being edited. */
export const playerFormPath = (playerId?: number) =>
  playerId === undefined ? '/home/player-create' : `/home/player-create/${playerId}`;

/** 'Eliminar': asks, takes the player out of the club, and tells the server's answer. */
export function usePlayerDeleteLogic(clubId: number) {
  const remove = useRemovePlayer(clubId);
  const [logic] = useState(() =>
    playerDeleteMachine.provide(
      createPlayerDeleteImplementations({
        removePlayer: (id) => remove.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}

/** The form page's save machine: creates or updates, says so and goes back to the grid. */
export function usePlayerFormLogic(clubId: number, playerId: number | null) {
  const create = useCreatePlayer(clubId);
  const update = useUpdatePlayer(clubId);
  const upload = useUploadPlayerPhoto(clubId);
  const navigate = useNavigate();
  const [logic] = useState(() =>
    playerFormMachine.provide(
      createPlayerFormImplementations({
        playerId,
        createPlayer: (values) => create.mutateAsync(values),
        updatePlayer: (change) => update.mutateAsync(change),
        uploadPhoto: (change) => upload.mutateAsync(change),
        showPlayers: () => void navigate(PLAYERS_PATH),
        toast,
      }),
    ),
  );
  return logic;
}
