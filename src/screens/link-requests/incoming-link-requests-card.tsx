import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { IncomingLinkRequest } from '../../../contract/link-requests.schema';
import { useIncomingLinkRequests } from '../../api/link-requests.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  selectAsking,
  selectInFlight,
  selectIsRunning,
} from '../../machines/confirm-action.selectors';
import { asWhat, dateText, forWhom } from './link-request-texts';
import { useIncomingAnswerLogic } from './link-requests.logic';

/**
 * 'Solicitudes para unirte a un club' on /home/club-team (issue #33 item 1): the requests the
 * signed-in person may answer, for themself or for a child they are an authorised guardian
 * of. 'Aceptar' joins at once (the new club appears in the list); 'Rechazar' asks first.
 * Nothing shows while there are none.
 */
export function IncomingLinkRequestsCard() {
  const titleId = useId();
  const requests = useIncomingLinkRequests();
  const answer = useActorRef(useIncomingAnswerLogic());
  const asking = useSelector(answer, selectAsking);
  const inFlight = useSelector(answer, selectInFlight);
  const running = useSelector(answer, selectIsRunning);

  if (requests.isPending) return null;
  if (requests.isError) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void requests.refetch()}>
            Reintentar
          </Button>
        }
      >
        No pudimos cargar tus solicitudes: {requests.error.message}
      </Alert>
    );
  }
  const pending = requests.data.filter(({ status }) => status === 'pending');
  if (pending.length === 0) return null;

  const send = (request: IncomingLinkRequest, chosen: 'accept' | 'decline') =>
    answer.send({
      type: 'action.request',
      subject: { id: request.id, answer: chosen, club: request.club.name },
      confirm: chosen === 'decline',
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <CardContent>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Solicitudes para unirte a un club
        </Typography>
        <List disablePadding aria-labelledby={titleId}>
          {pending.map((request) => {
            const busy = running && inFlight?.id === request.id;
            const who = forWhom(request);
            return (
              <ListItem key={request.id} divider disableGutters sx={{ display: 'block' }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <ListItemText
                    primary={`${request.club.name} ${asWhat(request.kind)}`}
                    secondary={`Para: ${who} · vence el ${dateText(request.expires_at)}`}
                  />
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Button
                      variant="contained"
                      size="small"
                      disabled={running}
                      aria-busy={busy}
                      aria-label={`Aceptar la solicitud de ${request.club.name} para ${who}`}
                      onClick={() => send(request, 'accept')}
                    >
                      Aceptar
                    </Button>
                    <Button
                      color="error"
                      size="small"
                      disabled={running}
                      aria-label={`Rechazar la solicitud de ${request.club.name} para ${who}`}
                      onClick={() => send(request, 'decline')}
                    >
                      Rechazar
                    </Button>
                  </Stack>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      <ConfirmDialog
        open={asking !== null && asking.answer === 'decline'}
        title={`¿Rechazar la solicitud de ${asking?.club ?? ''}?`}
        text="El club no verá tus datos. Si cambias de opinión, el club tendrá que enviarte otra solicitud."
        confirmLabel="Rechazar"
        busy={running}
        onCancel={() => answer.send({ type: 'action.cancel' })}
        onConfirm={() => answer.send({ type: 'action.confirm' })}
      />
    </Card>
  );
}
