import { useQuery } from '@tanstack/react-query';
import { parentDashboardQuery } from '../../api/parents.api';
import { ChildCard } from './child-card';
import { FamilyPage } from './family-page';

/**
 * /home/parent-dashboard (issue #15): one card per child the guardian is linked to, in
 * every club, each labelled by its club when there is more than one, with the charts of
 * GET /api/dashboard/parent (issue #16).
 */
export function ParentDashboardScreen() {
  const children = useQuery(parentDashboardQuery());
  return (
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
          />
        ));
      }}
    </FamilyPage>
  );
}
