import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  homeAwayLabels,
  sessionStatusLabels,
  sessionTypeLabels,
  type Session,
} from '../../../contract/sessions.schema';
import { categoryColour } from '../calendar/calendar-events';
import { ruleText, sessionTimeText } from './session-format';

const statusColour = { scheduled: 'info', cancelled: 'error', done: 'success' } as const;

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Stack component="div" sx={{ gap: 0.25 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * What the side panel says about a session: its kind, when (in the club's `timeZone`; not
 * said until it is known), where, who, and its series.
 */
export function SessionDetails({ session, timeZone }: { session: Session; timeZone?: string }) {
  const isMatch = session.type === 'match' || session.type === 'tournament';
  const hasScore = session.score_ours !== null && session.score_theirs !== null;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={sessionTypeLabels[session.type]} />
        <Chip
          size="small"
          variant="outlined"
          color={statusColour[session.status]}
          label={sessionStatusLabels[session.status]}
        />
        <Chip
          size="small"
          label={session.category_name ?? 'Todo el club'}
          sx={{ bgcolor: categoryColour(session.category_id), color: '#fff' }}
        />
      </Stack>
      {session.status === 'cancelled' && session.cancel_reason && (
        <Alert severity="warning">Motivo de la cancelación: {session.cancel_reason}</Alert>
      )}
      <Stack component="dl" sx={{ gap: 1.25, m: 0 }}>
        <Line label="Fecha y hora" value={timeZone && sessionTimeText(session, timeZone)} />
        {session.recurrence && <Line label="Repetición" value={ruleText(session.recurrence)} />}
        <Line label="Lugar" value={session.location} />
        <Line label="Entrenador" value={session.trainer_name} />
        {isMatch && (
          <>
            <Line label="Rival" value={session.opponent} />
            <Line
              label="Condición"
              value={session.home_away && homeAwayLabels[session.home_away]}
            />
            <Line label="Competición" value={session.competition} />
            <Line
              label="Resultado"
              value={hasScore ? `${session.score_ours} - ${session.score_theirs}` : null}
            />
          </>
        )}
        <Line label="Notas" value={session.notes} />
      </Stack>
    </Stack>
  );
}
