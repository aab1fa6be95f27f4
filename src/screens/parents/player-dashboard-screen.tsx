import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { usePlayerDashboard } from '../../api/parents.api';
import { FamilyChartsSlot } from './family-charts-slot';
import { FamilyPage } from './family-page';
import { FamilySummaryView } from './family-summary';

/**
 * /home/player-dashboard (issue #15): the adult player's own summary, one card per club
 * they play in, with their own photo consent per channel and their charts (issue #16).
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
              <Stack sx={{ gap: 2 }} divider={<Divider flexItem />}>
                <FamilySummaryView
                  clubId={entry.club.id}
                  player={entry.player}
                  summary={entry.summary}
                  onSendProof={sendProof}
                />
                <FamilyChartsSlot
                  charts={entry.charts}
                  name={`${entry.player.name} ${entry.player.lastname}`}
                />
              </Stack>
            </CardContent>
          </Card>
        ))
      }
    </FamilyPage>
  );
}
