import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  type ClubLinkRequest,
  type LinkRequestKind,
  linkRequestKindLabels,
  linkRequestStatusLabels,
} from '../../../contract/link-requests.schema';
import { useClubLinkRequests } from '../../api/link-requests.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { dateText } from './link-request-texts';
import { useLinkRequestWithdrawLogic } from './link-requests.logic';

interface SentLinkRequestsDialogProps {
  clubId: number;
  /** Players' requests on the players screen, trainers' on the trainers screen. */
  kind: LinkRequestKind;
  open: boolean;
  onClose: () => void;
}

const statusColor = (status: ClubLinkRequest['status']) =>
  status === 'accepted' ? 'success' : status === 'pending' ? 'info' : 'default';

/**
 * 'Solicitudes enviadas' (issue #33 item 1): the requests the club sent to people registered
 * elsewhere, with what the club typed, their status and date; 'Retirar' on a pending one
 * asks first.
 */
export function SentLinkRequestsDialog({
  clubId,
  kind,
  open,
  onClose,
}: SentLinkRequestsDialogProps) {
  const titleId = useId();
  const requests = useClubLinkRequests(clubId, kind, open);
  const timeZone = useClubTimeZone(clubId);
  const withdraw = useConfirmFlow(useLinkRequestWithdrawLogic(clubId));
  const { asking, running: withdrawing } = withdraw;

  let content;
  if (requests.isPending) {
    content = (
      <Skeleton variant="rounded" height={64} role="status" aria-label="Cargando solicitudes" />
    );
  } else if (requests.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void requests.refetch()}>
            Reintentar
          </Button>
        }
      >
        {requests.error.message}
      </Alert>
    );
  } else if (requests.data.length === 0) {
    content = (
      <Typography color="text.secondary">
        Aún no has enviado solicitudes. Cuando registres a una persona que ya está en otro club o
        tiene cuenta, aquí verás si la aceptó.
      </Typography>
    );
  } else {
    content = (
      <List aria-label="Solicitudes enviadas" disablePadding>
        {requests.data.map((request) => (
          <ListItem key={request.id} divider disableGutters sx={{ display: 'block' }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <ListItemText
                primary={request.typed_name}
                secondary={`Como ${linkRequestKindLabels[request.kind]} · enviada el ${dateText(request.requested_at, timeZone)}`}
              />
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  color={statusColor(request.status)}
                  label={linkRequestStatusLabels[request.status]}
                />
                {request.status === 'pending' && (
                  <Button
                    color="error"
                    size="small"
                    aria-label={`Retirar la solicitud a ${request.typed_name}`}
                    onClick={() => withdraw.request({ id: request.id, name: request.typed_name })}
                  >
                    Retirar
                  </Button>
                )}
              </Stack>
            </Stack>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Solicitudes enviadas</DialogTitle>
        <DialogContent>{content}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cerrar</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        title={`¿Retirar la solicitud a ${asking?.name ?? ''}?`}
        text="La persona ya no podrá aceptarla. Puedes enviar otra más adelante."
        confirmLabel="Retirar"
        busy={withdrawing}
        onCancel={withdraw.cancel}
        onConfirm={withdraw.confirm}
      />
    </>
  );
}
