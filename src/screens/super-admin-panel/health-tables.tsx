import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type JobRun,
  type ServerErrorRow,
  jobLabels,
  jobOutcomeLabels,
} from '../../../contract/platform-health.schema';
import { PanelTable } from './panel-table';
import { dateTimeLabel, summaryLabel } from './panel-format';

const outcomeColor = { ok: 'success', failed: 'error', running: 'info' } as const;

/** The last run of each background job (a handful of rows: a plain table). */
export function JobRunsTable({ jobs }: { jobs: JobRun[] }) {
  return (
    <div>
      <Typography variant="subtitle1" component="h3" id="panel-jobs" sx={{ mb: 1 }}>
        Últimas ejecuciones de tareas
      </Typography>
      {jobs.length === 0 ? (
        <Typography color="text.secondary">Ninguna tarea se ha ejecutado todavía.</Typography>
      ) : (
        <PanelTable labelledBy="panel-jobs">
          <TableHead>
            <TableRow>
              <TableCell>Tarea</TableCell>
              <TableCell>Resultado</TableCell>
              <TableCell>Inicio</TableCell>
              <TableCell>Fin</TableCell>
              <TableCell>Resumen</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.map((job) => (
              <TableRow key={job.job}>
                <TableCell>{jobLabels[job.job] ?? job.job}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={outcomeColor[job.outcome]}
                    label={jobOutcomeLabels[job.outcome]}
                  />
                </TableCell>
                <TableCell>{dateTimeLabel(job.started_at)}</TableCell>
                <TableCell>{job.finished_at ? dateTimeLabel(job.finished_at) : '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{summaryLabel(job.summary)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </PanelTable>
      )}
    </div>
  );
}

/** The last ten 5xx answers: method, route pattern, status, message, when. */
export function ErrorsTable({ errors }: { errors: ServerErrorRow[] }) {
  return (
    <div>
      <Typography variant="subtitle1" component="h3" id="panel-errors" sx={{ mb: 1 }}>
        Errores recientes
      </Typography>
      {errors.length === 0 ? (
        <Typography color="text.secondary">Sin errores del servidor registrados.</Typography>
      ) : (
        <PanelTable labelledBy="panel-errors">
          <TableHead>
            <TableRow>
              <TableCell>Fecha</TableCell>
              <TableCell>Método</TableCell>
              <TableCell>Ruta</TableCell>
              <TableCell>Estado</TableCell>
              <TableCell>Mensaje</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error) => (
              <TableRow key={error.id}>
                <TableCell>{dateTimeLabel(error.at)}</TableCell>
                <TableCell>{error.method}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.route}</TableCell>
                <TableCell>{error.status_code}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </PanelTable>
      )}
    </div>
  );
}
