import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  authorizeGuardian,
  inviteCoGuardian,
  updateChildIdentity,
  useSavePhotoConsent,
} from '../../api/parents.api';
import { sendPaymentProof } from '../../api/payment-proofs.api';
import { refreshAfter } from '../../api/refresh';
import { toast } from '../../components/toaster';
import {
  coGuardianInviteMachine,
  createCoGuardianInviteImplementations,
} from '../../machines/co-guardians.actors';
import {
  childIdentityMachine,
  createChildIdentityImplementations,
  createGuardianDecisionImplementations,
  guardianDecisionMachine,
  createPhotoConsentImplementations,
  createProofSendImplementations,
  photoConsentMachine,
  proofSendMachine,
} from '../../machines/parents.actors';

/*
 * The families' pages' machines with their dependencies, each made once per component
 * (STYLE.md §2); what they do is in src/machines/parents.actors.ts.
 */

/*
 * Each write refreshes what it changed through the one table (src/api/refresh.ts): the
 * children, the family dashboards and, when the club is known, its players (the child's
 * guardians are cached under them).
 */

/** 'Enviar comprobante': sends the proof, then the page reads the payments again. */
export function useProofSendLogic() {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    proofSendMachine.provide(
      createProofSendImplementations({
        send: async (subject, values) => {
          const answer = await sendPaymentProof(subject.clubId, subject.paymentId, values);
          await refreshAfter(queryClient, { resource: 'payment-proofs', clubId: subject.clubId });
          return answer;
        },
        toast,
      }),
    ),
  );
  return logic;
}

/**
 * A child's photo consent switches: one request per switch; the mutation refreshes the
 * children and the parent dashboard's children (issue #16) through the table.
 */
export function usePhotoConsentLogic() {
  const save = useSavePhotoConsent();
  const [logic] = useState(() =>
    photoConsentMachine.provide(
      createPhotoConsentImplementations({
        save: ({ playerId, clubId, channel, granted }) =>
          save.mutateAsync({ playerId, club_id: clubId, channel, granted }),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Editar datos' of a child (issue #33): saves, then the children and the dashboard again. */
export function useChildIdentityLogic() {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    childIdentityMachine.provide(
      createChildIdentityImplementations({
        save: async (playerId, values) => {
          const answer = await updateChildIdentity(playerId, values);
          await refreshAfter(queryClient, { resource: 'children' });
          return answer;
        },
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Invitar a otro acudiente' (issue #34): sends, then the child's guardians again. */
export function useCoGuardianInviteLogic() {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    coGuardianInviteMachine.provide(
      createCoGuardianInviteImplementations({
        invite: async (playerId, body) => {
          const answer = await inviteCoGuardian(playerId, body);
          await refreshAfter(queryClient, { resource: 'guardians', clubId: Number(body.club_id) });
          return answer;
        },
        toast,
      }),
    ),
  );
  return logic;
}

/** The primary guardian authorises or revokes another guardian's link (asking first). */
export function useFamilyGuardianDecisionLogic(clubId: number, playerId: number) {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    guardianDecisionMachine.provide(
      createGuardianDecisionImplementations({
        decide: async ({ guardianId, status }) => {
          await authorizeGuardian(playerId, { club_id: clubId, guardian_id: guardianId, status });
          await refreshAfter(queryClient, { resource: 'guardians', clubId });
        },
        toast,
      }),
    ),
  );
  return logic;
}
