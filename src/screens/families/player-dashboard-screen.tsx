import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { usePlayerDashboard } from '../../api/parents.api';
import { FamilyPage } from './family-page';
import { FamilySummaryView } from './family-summary';

/**
 * /home/player-dashboard (issue #15): the adult player's own summary, one card per club
 * they play in, with their own photo consent per channel.
 */
export function PlayerDashboardScreen() {
  const entries = usePlayerDashboard();
  return (
    <FamilyPage
      title="Panel del jugador"
      query={entries}
      emptyText="Aún no eres jugador de ningún club. Pide al club que te invite."
    >
      {(items, sendProof) =>
        items.map((entry) => (
          <Card
            key={entry.club.id}
            variant="outlined"
            component="article"
            aria-label={entry.club.name}
          >
            <CardHeader
              title={entry.club.name}
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <FamilySummaryView
                clubId={entry.club.id}
                player={entry.player}
                summary={entry.summary}
                onSendProof={sendProof}
              />
            </CardContent>
          </Card>
        ))
      }
    </FamilyPage>
  );
}
