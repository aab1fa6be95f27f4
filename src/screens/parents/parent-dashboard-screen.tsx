import { useQuery } from '@tanstack/react-query';
import { parentDashboardQuery } from '../../api/parents.api';
import { useSaveFlow } from '../../components/use-machine-flow';
import { CO_GUARDIAN_INVITE_OPTIONS } from '../../machines/co-guardians.actors';
import { CHILD_IDENTITY_OPTIONS } from '../../machines/parents.actors';
import { ChildCard } from './child-card';
import { ChildIdentityDialog } from './child-identity-dialog';
import { CoGuardianInviteDialog } from './co-guardian-invite-dialog';
import { useChildIdentityLogic, useCoGuardianInviteLogic } from './parents.logic';
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
  const identity = useSaveFlow(useChildIdentityLogic(), CHILD_IDENTITY_OPTIONS);
  const invite = useSaveFlow(useCoGuardianInviteLogic(), CO_GUARDIAN_INVITE_OPTIONS);
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
              onInviteGuardian={invite.open}
              onEditIdentity={() =>
                identity.open({
                  playerId: child.player.id,
                  name: `${child.player.name} ${child.player.lastname}`,
                })
              }
            />
          ));
        }}
      </FamilyPage>
      <ChildIdentityDialog
        subject={identity.subject}
        busy={identity.busy}
        failure={identity.failure}
        onCancel={identity.close}
        onSubmit={identity.submit}
      />
      <CoGuardianInviteDialog
        subject={invite.subject}
        busy={invite.busy}
        failure={invite.failure}
        onCancel={invite.close}
        onSubmit={invite.submit}
      />
    </>
  );
}
