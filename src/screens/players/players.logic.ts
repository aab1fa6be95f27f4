import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useCreatePlayer,
  useRemovePlayer,
  useUpdatePlayer,
  useUploadPlayerPhoto,
} from '../../api/players.api';
import { useQueryClient } from '@tanstack/react-query';
import { useAssignDiscountPlayers } from '../../api/discounts.api';
import { authorizeGuardian, useInviteGuardians } from '../../api/parents.api';
import { toast } from '../../components/toaster';
import {
  createGuardianDecisionImplementations,
  createGuardianInviteImplementations,
  guardianDecisionMachine,
  guardianInviteMachine,
} from '../../machines/parents.actors';
import {
  createPlayerDeleteImplementations,
  createPlayerFormImplementations,
  playerDeleteMachine,
  playerFormMachine,
} from '../../machines/players.actors';
import { refreshAfter } from '../../api/refresh';

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
  const assign = useAssignDiscountPlayers(clubId);
  const navigate = useNavigate();
  const [logic] = useState(() =>
    playerFormMachine.provide(
      createPlayerFormImplementations({
        playerId,
        createPlayer: (values) => create.mutateAsync(values),
        updatePlayer: (change) => update.mutateAsync(change),
        uploadPhoto: (change) => upload.mutateAsync(change),
        assignDiscount: (change) => assign.mutateAsync(change),
        showPlayers: () => void navigate(PLAYERS_PATH),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Invitar acudiente', for one player or the selected ones: says what the server did. */
export function useGuardianInviteLogic(clubId: number) {
  const invite = useInviteGuardians(clubId);
  const [logic] = useState(() =>
    guardianInviteMachine.provide(
      createGuardianInviteImplementations({
        invite: (body) => invite.mutateAsync(body),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Autorizar' / 'No autorizar' a guardian's link to the player, then the list again. */
export function useGuardianDecisionLogic(clubId: number, playerId: number) {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    guardianDecisionMachine.provide(
      createGuardianDecisionImplementations({
        decide: async ({ guardianId, status }) => {
          await authorizeGuardian(playerId, { club_id: clubId, guardian_id: guardianId, status });
          // The player's guardians are cached under the club's players.
          await refreshAfter(queryClient, { resource: 'players', clubId });
        },
        toast,
      }),
    ),
  );
  return logic;
}
