import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import {
  guardianLinkStatusLabels,
  parentMessages,
  type ParentChild,
} from '../../../contract/parents.schema';
import type { ProofSubject } from '../../machines/parents.actors';
import { FamilySummaryView } from './family-summary';

interface ChildCardProps {
  child: ParentChild;
  /** Named with the club when the guardian has children in more than one. */
  showClub: boolean;
  onSendProof: (subject: ProofSubject) => void;
}

/**
 * One child on the parent dashboard: an authorised link shows the child's summary; a
 * pending or denied one only says that it waits for the club (DOMAIN.md).
 */
export function ChildCard({ child, showClub, onSendProof }: ChildCardProps) {
  const name = `${child.player.name} ${child.player.lastname}`;
  const authorized = child.status === 'authorized' && child.summary !== null;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={showClub ? `${name} · ${child.club.name}` : name}
    >
      <CardHeader
        title={name}
        subheader={showClub ? child.club.name : undefined}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          authorized ? undefined : (
            <Chip
              size="small"
              color={child.status === 'denied' ? 'error' : 'warning'}
              label={guardianLinkStatusLabels[child.status]}
            />
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {authorized && child.summary ? (
          <FamilySummaryView
            clubId={child.club.id}
            player={child.player}
            summary={child.summary}
            onSendProof={onSendProof}
          />
        ) : (
          <Alert severity={child.status === 'denied' ? 'error' : 'info'}>
            {child.status === 'denied'
              ? parentMessages.deniedAuthorization
              : parentMessages.pendingAuthorization}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
