import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CallUpList } from '../../../contract/call-ups.schema';
import type { Session, SessionType } from '../../../contract/sessions.schema';
import { callUpsQuery } from '../../api/call-ups.api';
import { CallUpAnswerRow } from './call-up-answer';
import { CallUpManager } from './call-up-manager';
import { CallUpSummary } from './call-up-summary';

/** The sessions players are called up to (a training is everyone's, every week). */
export const CALL_UP_TYPES: readonly SessionType[] = ['match', 'tournament', 'event', 'meeting'];

/**
 * The 'Convocatoria' section of the side panel: a manager calls players up and follows
 * their answers; a player or guardian called up answers Voy / No voy / Tal vez. Anyone
 * else, or a session nobody was called up to that the caller cannot manage, shows nothing.
 */
export function SessionCallUps({ clubId, session }: { clubId: number; session: Session }) {
  const callUps = useQuery(callUpsQuery(clubId, session.id));
  const list = callUps.data;
  if (callUps.isError && session.can_manage) {
    return (
      <Section>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void callUps.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudo cargar la convocatoria: {callUps.error.message}
        </Alert>
      </Section>
    );
  }
  if (!list) return null;
  if (list.can_manage) {
    if (session.status === 'cancelled' && list.summary.called === 0) return null;
    return (
      <Section>
        <CallUpManager clubId={clubId} session={session} list={list} />
      </Section>
    );
  }
  if (list.answerable_player_ids.length === 0) return null;
  return (
    <Section>
      <FamilyCallUp clubId={clubId} session={session} list={list} />
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    // A top border rather than MUI's Divider, as the panel's actions do (session-panel.tsx):
    // Divider here splits it off a chunk the dashboard's first load shares.
    <Stack
      component="section"
      aria-labelledby="call-ups-title"
      sx={{ gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography id="call-ups-title" variant="h3">
        Convocatoria
      </Typography>
      {children}
    </Stack>
  );
}

/** A player or guardian: the summary, and a row to answer for each of their players. */
function FamilyCallUp({
  clubId,
  session,
  list,
}: {
  clubId: number;
  session: Session;
  list: CallUpList;
}) {
  const ids = list.answerable_player_ids;
  const cancelled = session.status === 'cancelled';
  return (
    <>
      <CallUpSummary summary={list.summary} />
      {cancelled ? (
        <Typography variant="body2">La sesión está cancelada: no hace falta responder.</Typography>
      ) : (
        <Stack component="ul" sx={{ gap: 2, p: 0, m: 0 }}>
          {ids.map((playerId) => (
            <CallUpAnswerRow
              key={playerId}
              clubId={clubId}
              sessionId={session.id}
              playerId={playerId}
              row={list.data.find((row) => row.player_id === playerId)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
