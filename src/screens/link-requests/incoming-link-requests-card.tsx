import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { IncomingLinkRequest } from '../../../contract/link-requests.schema';
import { useIncomingLinkRequests } from '../../api/link-requests.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataPolicyConsent } from '../../components/data-policy-consent';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { asWhat, dateText, forWhom } from './link-request-texts';
import { useIncomingAnswerLogic } from './link-requests.logic';

/**
 * 'Solicitudes para unirte a un club' on /home/club-team (issue #33 item 1): the requests the
 * signed-in person may answer, for themself or for a child they are an authorised guardian
 * of. 'Aceptar' joins at once once the club's data-processing authorisation is ticked (the
 * new club appears in the list); 'Rechazar' asks first. Nothing shows while there are none.
 */
export function IncomingLinkRequestsCard() {
  const titleId = useId();
  const requests = useIncomingLinkRequests();
  const answer = useConfirmFlow(useIncomingAnswerLogic());
  const { asking, inFlight, running } = answer;
  // Per request: whether its authorisation is ticked, and which one was tried without it.
  const [consents, setConsents] = useState<Record<number, boolean>>({});
  const [missing, setMissing] = useState<number | null>(null);

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

  const send = (request: IncomingLinkRequest, chosen: 'accept' | 'decline') => {
    if (chosen === 'accept' && !consents[request.id]) {
      setMissing(request.id);
      return;
    }
    answer.request(
      {
        id: request.id,
        answer: chosen,
        club: request.club.name,
        ...(chosen === 'accept'
          ? {
              acceptance: {
                accept_data_policy: true,
                data_policy_version: request.data_policy.version,
              },
            }
          : {}),
      },
      chosen === 'decline',
    );
  };

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
                <DataPolicyConsent
                  text={request.data_policy.text}
                  accepted={consents[request.id] === true}
                  missing={missing === request.id && consents[request.id] !== true}
                  onChange={(checked) => setConsents((all) => ({ ...all, [request.id]: checked }))}
                  maxHeight={120}
                  titleComponent="h3"
                />
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
        onCancel={answer.cancel}
        onConfirm={answer.confirm}
      />
    </Card>
  );
}
