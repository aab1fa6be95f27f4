import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import {
  guardianLinkStatusLabels,
  parentMessages,
  type ParentDashboardEntry,
} from '../../../contract/parents.schema';
import type { CoGuardianInviteSubject } from '../../machines/co-guardians.actors';
import type { ProofSubject } from '../../machines/parents.actors';
import { ChildGuardians } from './child-guardians';
import { FamilyChartsSlot } from './family-charts-slot';
import { FamilySummaryView } from './family-summary';

interface ChildCardProps {
  /** The child with their charts (GET /api/dashboard/parent). */
  child: ParentDashboardEntry;
  /** Named with the club when the guardian has children in more than one. */
  showClub: boolean;
  onSendProof: (subject: ProofSubject) => void;
  /** 'Editar datos' (issue #33): an authorised guardian changes the child's identity. */
  onEditIdentity?: () => void;
  /** 'Invitar a otro acudiente' (issue #34): the primary guardian's card lists the guardians. */
  onInviteGuardian?: (subject: CoGuardianInviteSubject) => void;
}

/**
 * One child on the parent dashboard: an authorised link shows the child's summary; a
 * pending or denied one only says that it waits for the club (DOMAIN.md). An authorised
 * child's charts follow the summary (issue #16); the primary guardian's card ends with the
 * child's guardians (issue #34).
 */
export function ChildCard(props: ChildCardProps) {
  const { child, showClub, onSendProof, onEditIdentity, onInviteGuardian } = props;
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
          authorized ? (
            onEditIdentity && (
              <Button size="small" onClick={onEditIdentity} aria-label={`Editar datos de ${name}`}>
                Editar datos
              </Button>
            )
          ) : (
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
          <Stack sx={{ gap: 2 }} divider={<Divider flexItem />}>
            <FamilySummaryView
              clubId={child.club.id}
              player={child.player}
              summary={child.summary}
              onSendProof={onSendProof}
            />
            {child.charts && <FamilyChartsSlot charts={child.charts} name={name} />}
            {child.is_primary && onInviteGuardian && (
              <ChildGuardians
                clubId={child.club.id}
                playerId={child.player.id}
                name={name}
                onInvite={onInviteGuardian}
              />
            )}
          </Stack>
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
