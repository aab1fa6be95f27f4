import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { parentDashboardQuery } from '../../api/parents.api';
import { CO_GUARDIAN_INVITE_OPTIONS } from '../../machines/co-guardians.actors';
import { CHILD_IDENTITY_OPTIONS } from '../../machines/parents.actors';
import * as dialog from '../../machines/save.selectors';
import { ChildCard } from './child-card';
import { ChildIdentityDialog } from './child-identity-dialog';
import { CoGuardianInviteDialog } from './co-guardian-invite-dialog';
import { useChildIdentityLogic, useCoGuardianInviteLogic } from './families.logic';
import { FamilyPage } from './family-page';

/**
 * /home/parent-dashboard (issue #15): one card per child the guardian is linked to, in
 * every club, each labelled by its club when there is more than one, with the charts of
 * GET /api/dashboard/parent (issue #16), and 'Editar datos' on an authorised child's card
 * (issue #33), and on the primary guardian's card the child's guardians with 'Invitar a
 * otro acudiente' (issue #34).
 */
export function ParentDashboardScreen() {
  const children = useQuery(parentDashboardQuery());
  const identity = useActorRef(useChildIdentityLogic(), { input: CHILD_IDENTITY_OPTIONS });
  const editing = useSelector(identity, dialog.selectSubject);
  const saving = useSelector(identity, dialog.selectIsSaving);
  const failure = useSelector(identity, dialog.selectFailure);
  const invite = useActorRef(useCoGuardianInviteLogic(), { input: CO_GUARDIAN_INVITE_OPTIONS });
  const inviting = useSelector(invite, dialog.selectSubject);
  const inviteBusy = useSelector(invite, dialog.selectIsSaving);
  const inviteFailure = useSelector(invite, dialog.selectFailure);
  return (
    <>
      <FamilyPage
        title="Panel de padres"
        query={children}
        emptyText="Aún no tienes hijos vinculados. Pide al club que te invite."
      >
        {(items, sendProof) => {
          const clubs = new Set(items.map((child) => child.club.id));
          return items.map((child) => (
            <ChildCard
              key={`${child.club.id}-${child.player.id}`}
              child={child}
              showClub={clubs.size > 1}
              onSendProof={sendProof}
              onInviteGuardian={(subject) => invite.send({ type: 'save.open', subject })}
              onEditIdentity={() =>
                identity.send({
                  type: 'save.open',
                  subject: {
                    playerId: child.player.id,
                    name: `${child.player.name} ${child.player.lastname}`,
                  },
                })
              }
            />
          ));
        }}
      </FamilyPage>
      <ChildIdentityDialog
        subject={editing}
        busy={saving}
        failure={failure}
        onCancel={() => identity.send({ type: 'save.close' })}
        onSubmit={(values) => identity.send({ type: 'save.submit', values })}
      />
      <CoGuardianInviteDialog
        subject={inviting}
        busy={inviteBusy}
        failure={inviteFailure}
        onCancel={() => invite.send({ type: 'save.close' })}
        onSubmit={(values) => invite.send({ type: 'save.submit', values })}
      />
    </>
  );
}
