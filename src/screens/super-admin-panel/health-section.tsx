import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PlatformHealth } from '../../../contract/platform-health.schema';
import { jobFailuresQuery, platformHealthQuery } from '../../api/platform-health.api';
import { ErrorsTable, JobRunsTable } from './health-tables';
import { JobFailuresTable, QueueDepthsTable } from './job-queue-tables';
import { ageLabel, bytesLabel, dateTimeLabel } from './panel-format';

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function Tiles({ health }: { health: PlatformHealth }) {
  const { database, outbox, errors } = health;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      <Tile label="Versión" value={health.version} />
      <Tile
        label="Base de datos"
        value={database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}
        detail={
          database.size_bytes === null ? 'Tamaño no disponible' : bytesLabel(database.size_bytes)
        }
      />
      <Tile
        label="Cola de correos"
        value={`${outbox.pending} pendientes`}
        detail={`${outbox.failed} fallidos${
          outbox.oldest_pending_age_seconds === null
            ? ''
            : ` · el más antiguo espera ${ageLabel(outbox.oldest_pending_age_seconds)}`
        }`}
      />
      <Tile label="Errores en 24 h" value={String(errors.last_24h)} detail="Respuestas 5xx" />
    </Box>
  );
}

/** The platform's health at a glance, refreshed on demand. */
export function HealthSection() {
  const health = useQuery(platformHealthQuery);
  const failures = useQuery(jobFailuresQuery);
  const refreshing = health.isFetching || failures.isFetching;
  return (
    <Stack component="section" spacing={3} aria-labelledby="panel-health">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2" id="panel-health">
          Salud de la plataforma
        </Typography>
        <Button
          variant="outlined"
          onClick={() => {
            void health.refetch();
            void failures.refetch();
          }}
          disabled={refreshing}
        >
          {refreshing ? 'Actualizando…' : 'Actualizar'}
        </Button>
      </Stack>
      {health.isPending ? (
        <Skeleton
          variant="rounded"
          height={120}
          role="status"
          aria-label="Cargando la salud de la plataforma"
        />
      ) : health.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void health.refetch()}>
              Reintentar
            </Button>
          }
        >
          {health.error.message}
        </Alert>
      ) : (
        <>
          <Tiles health={health.data} />
          <Typography variant="body2" color="text.secondary">
            Consultado: {dateTimeLabel(health.data.checked_at)}
          </Typography>
          <JobRunsTable jobs={health.data.jobs} />
          <QueueDepthsTable queues={health.data.queues} />
        </>
      )}
      <JobFailuresTable failures={failures} />
      {health.isSuccess && <ErrorsTable errors={health.data.errors.recent} />}
    </Stack>
  );
}
