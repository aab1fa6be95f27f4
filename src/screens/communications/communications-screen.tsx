import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { communicationPreviewQuery, communicationsListQuery } from '../../api/communications.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { useDebounced } from '../../components/person/use-document-answer';
import { toRequestFailure } from '../../lib/request-failure';
import { CommunicationForm } from './communication-form';
import { CommunicationPreviewCard } from './communication-preview';
import { communicationRequest, composeCommunication, peopleText } from './communication-values';
import {
  communicationCard,
  communicationsColumns,
  communicationsGrid,
} from './communications.columns';
import { useCommunicationSendLogic } from './communications.logic';

const PREVIEW_DEBOUNCE_MS = 400;

/** /home/admin/communications: Comunicaciones Masivas (issue #17, super admin). */
export function CommunicationsScreen() {
  // Every edit composes a new message (a new idempotency key); a retry keeps the key.
  const [draft, setDraft] = useState(() => composeCommunication());
  const { values } = draft;
  const setValues = (next: typeof values) => setDraft(composeCommunication(next));
  const request = useMemo(() => communicationRequest(values), [values]);
  const asked = useDebounced(request, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery(communicationPreviewQuery(asked));
  const reset = useRef(() => setDraft(composeCommunication()));
  const sender = useConfirmFlow(useCommunicationSendLogic(() => reset.current()));
  const { asking, running: sending } = sender;
  const grid = useServerGrid(communicationsGrid, communicationsListQuery);
  // The count shown belongs to the values on screen only once the debounce caught up.
  const current = request !== null && asked === request && !preview.isPlaceholderData;
  const recipients = current ? (preview.data?.recipients ?? 0) : 0;
  const failure = preview.isError ? toRequestFailure(preview.error).message : null;

  const ask = () => {
    if (request && recipients > 0) {
      sender.request({ values: { ...request, idempotency_key: draft.key }, recipients });
    }
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Comunicaciones Masivas
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Un anuncio o una alerta del sistema para todos, un rol o los clubes que elijas, en la
        aplicación y/o por correo. Cada persona lo recibe una vez.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3, mb: 5 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Mensaje
          </Typography>
          <CommunicationForm values={values} onChange={setValues} disabled={sending} />
        </Paper>
        <Stack sx={{ gap: 2, flex: 1, minWidth: 0 }}>
          <Typography variant="h2">Vista previa</Typography>
          <CommunicationPreviewCard
            values={values}
            preview={request && asked === request ? preview.data : undefined}
            loading={preview.isFetching}
            failure={failure}
            complete={request !== null}
          />
          <Button
            variant="contained"
            startIcon={<Send />}
            disabled={!current || recipients === 0 || sending}
            onClick={ask}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            {current && recipients > 0 ? `Enviar a ${peopleText(recipients)}` : 'Enviar'}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Historial
      </Typography>
      <ServerDataGrid
        grid={grid}
        columns={communicationsColumns}
        card={communicationCard}
        ariaLabel="Historial de comunicaciones"
        emptyText="Aún no se ha enviado ninguna comunicación"
        exportPath="/admin/communications"
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Enviar a ${peopleText(asking?.recipients ?? 0)}?`}
        text={`«${asking?.values.title ?? ''}» llegará a cada una de ellas una sola vez. No se puede deshacer.`}
        confirmLabel={`Enviar a ${peopleText(asking?.recipients ?? 0)}`}
        busy={sending}
        onCancel={sender.cancel}
        onConfirm={sender.confirm}
      />
    </Box>
  );
}
