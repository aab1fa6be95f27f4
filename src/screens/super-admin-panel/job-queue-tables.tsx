import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import {
  type JobFailure,
  type QueueDepth,
  jobFailureMessages,
  jobQueueLabels,
} from '../../../contract/platform-health.schema';
import { retryJobFailure } from '../../api/platform-health.api';
import { changes, useRefreshAfter } from '../../api/refresh';
import { toast } from '../../components/toaster';
import { PanelTable } from './panel-table';
import { dateTimeLabel } from './panel-format';

/** Jobs waiting, running and failed per queue (shown only when the server runs the queue). */
export function QueueDepthsTable({ queues }: { queues: QueueDepth[] }) {
  if (queues.length === 0) return null;
  return (
    <div>
      <Typography variant="subtitle1" component="h3" id="panel-queues" sx={{ mb: 1 }}>
        Colas de tareas
      </Typography>
      <PanelTable labelledBy="panel-queues">
        <TableHead>
          <TableRow>
            <TableCell>Cola</TableCell>
            <TableCell align="right">En espera</TableCell>
            <TableCell align="right">En curso</TableCell>
            <TableCell align="right">Fallidas</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((depth) => (
            <TableRow key={depth.queue}>
              <TableCell>{jobQueueLabels[depth.queue]}</TableCell>
              <TableCell align="right">{depth.queued}</TableCell>
              <TableCell align="right">{depth.active}</TableCell>
              <TableCell align="right">{depth.failed}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </PanelTable>
    </div>
  );
}

/** 'Reintentar' for one failed job: disabled while it is sent; the list refreshes after. */
function RetryButton({ job }: { job: JobFailure }) {
  const refresh = useRefreshAfter('job-failures');
  const retry = useMutation({
    ...changes('job-failures'),
    mutationFn: () => retryJobFailure({ queue: job.queue, id: job.id }),
    onSuccess: () => toast(jobFailureMessages.retried),
    onError: (error) => {
      toast(error.message, { variant: 'destructive' });
      // Most likely another admin sent it first: show the list as it is now.
      void refresh();
    },
  });
  const when = job.failed_at ?? job.created_at;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => retry.mutate()}
      disabled={retry.isPending}
      aria-label={`Reintentar la tarea de ${jobQueueLabels[job.queue]} fallida el ${dateTimeLabel(when)}`}
    >
      {retry.isPending ? 'Enviando…' : 'Reintentar'}
    </Button>
  );
}

/** The queue's failed jobs with their error and a retry each (issue #36). */
export function JobFailuresTable({ failures }: { failures: UseQueryResult<JobFailure[]> }) {
  return (
    <div>
      <Typography variant="subtitle1" component="h3" id="panel-job-failures" sx={{ mb: 1 }}>
        Tareas fallidas
      </Typography>
      {failures.isPending ? (
        <Skeleton
          variant="rounded"
          height={80}
          role="status"
          aria-label="Cargando las tareas fallidas"
        />
      ) : failures.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void failures.refetch()}>
              Reintentar
            </Button>
          }
        >
          {failures.error.message}
        </Alert>
      ) : failures.data.length === 0 ? (
        <Typography color="text.secondary">No hay tareas fallidas.</Typography>
      ) : (
        <PanelTable labelledBy="panel-job-failures">
          <TableHead>
            <TableRow>
              <TableCell>Cola</TableCell>
              <TableCell>Error</TableCell>
              <TableCell align="right">Intentos</TableCell>
              <TableCell>Falló</TableCell>
              <TableCell>
                <span style={visuallyHidden}>Acción</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {failures.data.map((job) => (
              <TableRow key={job.id}>
                <TableCell>{jobQueueLabels[job.queue]}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  {job.error || '—'}
                </TableCell>
                {/* The first attempt plus its retries. */}
                <TableCell align="right">{job.retry_count + 1}</TableCell>
                <TableCell>{dateTimeLabel(job.failed_at ?? job.created_at)}</TableCell>
                <TableCell>
                  <RetryButton job={job} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </PanelTable>
      )}
    </div>
  );
}
