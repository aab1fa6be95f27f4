import { useState } from 'react';
import { useCreateInvitation, useRevokeInvitation } from '../../api/invitations.api';
import {
  createInvitationCreateImplementations,
  createInvitationRevokeImplementations,
  invitationCreateMachine,
  invitationRevokeMachine,
} from '../../machines/invitations.actors';
import { toast } from '../../components/toaster';

/*
 * The invitation dialogs' machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/invitations.actors.ts.
 */

export function useInvitationCreateLogic(clubId: number) {
  const create = useCreateInvitation(clubId);
  const [logic] = useState(() =>
    invitationCreateMachine.provide(
      createInvitationCreateImplementations({
        createInvitation: (values) => create.mutateAsync(values),
        toast,
      }),
    ),
  );
  return logic;
}

export function useInvitationRevokeLogic(clubId: number) {
  const revoke = useRevokeInvitation(clubId);
  const [logic] = useState(() =>
    invitationRevokeMachine.provide(
      createInvitationRevokeImplementations({
        revokeInvitation: (id) => revoke.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}
