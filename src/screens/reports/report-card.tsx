import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type ReportFormat, reportMessages } from '../../../contract/reports.schema';
import { formatHelp, type reportCards } from './reports.content';
import { type DownloadState, useReportDownload } from './use-report-download';

type Card = (typeof reportCards)[number];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const rows = new Intl.NumberFormat('es-CO');

function ProgressLine({ state }: { state: DownloadState }) {
  if (state.kind === 'downloading') {
    const progress = state.progress;
    const percent = progress?.fraction != null ? Math.round(progress.fraction * 100) : null;
    const kb = progress ? Math.round(progress.bytes / 1024) : 0;
    const label =
      percent !== null
        ? `Descargando… ${percent} % de ${rows.format(progress?.total ?? 0)} filas`
        : `Descargando… ${rows.format(kb)} KB`;
    return (
      <Box>
        <LinearProgress
          variant={percent !== null ? 'determinate' : 'indeterminate'}
          value={percent ?? undefined}
          aria-label={label}
        />
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
          {label}
        </Typography>
      </Box>
    );
  }
  if (state.kind === 'done') {
    return (
      <Alert severity="success" role="status">
        Listo: {state.fileName}
        {state.total !== null ? ` (${rows.format(state.total)} filas)` : ''}
      </Alert>
    );
  }
  if (state.kind === 'cancelled') {
    return (
      <Alert severity="info" role="status">
        Descarga cancelada
      </Alert>
    );
  }
  if (state.kind === 'failed') return <Alert severity="error">{state.message}</Alert>;
  return null;
}

/** One report: what it holds, its format and filters, 'Descargar' with progress and cancel. */
export function ReportCard({ card }: { card: Card }) {
  const [format, setFormat] = useState<ReportFormat>('csv');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { state, busy, canCancel, start, cancel } = useReportDownload();
  const id = `report-${card.report}`;

  const fromError = from && !MONTH.test(from) ? reportMessages.month : undefined;
  const toError = to && !MONTH.test(to) ? reportMessages.month : undefined;
  const rangeError =
    !fromError && !toError && from && to && from > to ? reportMessages.range : undefined;
  const serverErrors = state.kind === 'failed' ? state.fieldErrors : {};
  const invalid = Boolean(fromError || toError || rangeError);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h6" component="h2" id={id}>
            {card.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {card.description}
          </Typography>
        </Box>
        <Box>
          <FormLabel id={`${id}-format`}>Formato</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-format`}
            value={format}
            onChange={(event) => setFormat(event.target.value as ReportFormat)}
          >
            <FormControlLabel value="csv" control={<Radio />} label="CSV" />
            <FormControlLabel value="xlsx" control={<Radio />} label="Excel (XLSX)" />
          </RadioGroup>
          <Typography variant="caption" color="text.secondary">
            {formatHelp}
          </Typography>
        </Box>
        {card.statuses.length > 0 && (
          <TextField
            select
            label="Estado"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            error={Boolean(serverErrors.status)}
            helperText={serverErrors.status}
            sx={{ maxWidth: 260 }}
          >
            <MenuItem value="">Todos</MenuItem>
            {card.statuses.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {card.months && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="month"
              label="Desde (mes)"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={Boolean(fromError || rangeError || serverErrors.from)}
              helperText={fromError ?? rangeError ?? serverErrors.from ?? 'AAAA-MM, opcional'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="month"
              label="Hasta (mes)"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={Boolean(toError || serverErrors.to)}
              helperText={toError ?? serverErrors.to ?? 'AAAA-MM, opcional'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        )}
        <ProgressLine state={state} />
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={busy || invalid}
            onClick={() =>
              start({
                report: card.report,
                format,
                filters: card.months ? { from, to } : { status },
              })
            }
          >
            Descargar
          </Button>
          {canCancel && (
            <Button onClick={cancel} color="inherit">
              Cancelar
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
