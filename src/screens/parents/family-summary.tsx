import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../contract/dates.format';
import type { FamilySummary } from '../../../contract/parents.schema';
import type { ProofSubject } from '../../machines/parents.actors';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import { ClubPaymentMethods } from './club-payment-methods';
import { FamilyPayments } from './family-payments';
import { attendanceText, sessionTypeText, sessionWhen } from './family-texts';
import { PhotoConsentSwitches } from './photo-consent-switches';

interface FamilySummaryViewProps {
  clubId: number;
  player: { id: number; name: string; lastname: string };
  summary: FamilySummary;
  onSendProof: (subject: ProofSubject) => void;
}

/**
 * What a family sees of one player in one club (issue #15): category, next sessions,
 * attendance, the payments to settle with the club's payment methods, and the photo
 * consent. The parent dashboard shows it per authorised child, the player's for themself.
 */
export function FamilySummaryView(props: FamilySummaryViewProps) {
  const { clubId, player, summary, onSendProof } = props;
  const timeZone = useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE;
  const sessionsId = useId();
  const name = `${player.name} ${player.lastname}`;
  return (
    <Stack sx={{ gap: 2 }} divider={<Divider flexItem />}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.5, sm: 3 } }}>
        <Typography variant="body2">
          Categoría: <strong>{summary.category?.name ?? 'Sin categoría'}</strong>
        </Typography>
        <Typography variant="body2">Asistencia: {attendanceText(summary.attendance)}</Typography>
      </Stack>
      <section aria-labelledby={sessionsId}>
        <Typography variant="subtitle2" component="h3" id={sessionsId}>
          Próximas sesiones
        </Typography>
        {summary.next_sessions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No hay sesiones programadas.
          </Typography>
        ) : (
          <List dense disablePadding>
            {summary.next_sessions.map((session) => (
              <ListItem key={session.id} disableGutters>
                <ListItemText
                  primary={`${sessionTypeText(session.type)} · ${session.title}`}
                  secondary={[sessionWhen(session.starts_at, timeZone), session.location]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      <FamilyPayments
        clubId={clubId}
        payments={summary.payments}
        debt={summary.debt}
        onSendProof={onSendProof}
      />
      {summary.payments.length > 0 && <ClubPaymentMethods clubId={clubId} />}
      <PhotoConsentSwitches
        clubId={clubId}
        playerId={player.id}
        name={name}
        consent={summary.photo_consent}
      />
    </Stack>
  );
}
