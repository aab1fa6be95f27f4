import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import {
  type PlayerImportChange,
  type PlayerImportPreview,
  type PlayerImportRow,
  type PlayerImportRowStatus,
  playerImportRowStatusLabels,
  playerImportRowStatuses,
} from '../../../contract/player-imports.schema';
import {
  type PlayerImportField,
  playerImportColumns,
} from '../../../contract/player-imports.columns';

/** Rows drawn at once; the counts cover them all. */
const SHOWN = 200;

type ChipColor = 'success' | 'info' | 'default' | 'warning' | 'error';
const chipColor: Record<PlayerImportRowStatus, ChipColor> = {
  new: 'success',
  update: 'info',
  unchanged: 'default',
  // Registered elsewhere (issue #33): a link request, not a player yet.
  request: 'warning',
  error: 'error',
};

const countLabels: Record<PlayerImportRowStatus, (n: number) => string> = {
  new: (n) => `${n} ${n === 1 ? 'nuevo' : 'nuevos'}`,
  update: (n) => `${n} ${n === 1 ? 'actualiza' : 'actualizan'}`,
  unchanged: (n) => `${n} sin cambios`,
  request: (n) => `${n} ${n === 1 ? 'solicitud' : 'solicitudes'} por enviar`,
  error: (n) => `${n} con errores`,
};

/** 'Número de documento: …' — the column's header in front of the server's message. */
const fieldLabel = (field: string) =>
  field in playerImportColumns ? playerImportColumns[field as PlayerImportField].header : 'Fila';

/** The changes an 'Actualiza' row lists before '+N más'. */
export const CHANGES_SHOWN = 3;

const EMPTY = '(vacío)';

/** 'Teléfono: 300 111 2222 → 300 999 8888' (read aloud 'cambia a'). */
function Change({ change }: { change: PlayerImportChange }) {
  return (
    <li>
      <strong>{change.label}:</strong> {change.from ?? EMPTY} <span aria-hidden="true">→</span>
      <Box component="span" sx={visuallyHidden}>
        cambia a
      </Box>{' '}
      {change.to ?? EMPTY}
    </li>
  );
}

/** What an update row changes: the first CHANGES_SHOWN, then '+N más' shows the rest. */
function Changes({ changes }: { changes: PlayerImportChange[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, CHANGES_SHOWN);
  const hidden = changes.length - shown.length;
  return (
    <Box sx={{ overflowWrap: 'break-word' }}>
      <Stack component="ul" aria-label="Cambios" sx={{ m: 0, pl: 2 }}>
        {shown.map((change) => (
          <Change key={change.field} change={change} />
        ))}
      </Stack>
      {hidden > 0 && (
        <Button size="small" onClick={() => setAll(true)} sx={{ minWidth: 0, px: 0.5 }}>
          +{hidden} más
          <Box component="span" sx={visuallyHidden}>
            {hidden === 1 ? ' cambio' : ' cambios'}
          </Box>
        </Button>
      )}
    </Box>
  );
}

function Detail({ row }: { row: PlayerImportRow }) {
  if (row.errors.length === 0)
    return (
      <>
        {row.changes && row.changes.length > 0 && <Changes changes={row.changes} />}
        {row.note ?? ''}
      </>
    );
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {row.errors.map((error) => (
        <li key={`${error.field}:${error.message}`}>
          <strong>{fieldLabel(error.field)}:</strong> {error.message}
        </li>
      ))}
    </Stack>
  );
}

/** The counts as chips, 'Solo errores', and the rows with their status and Spanish errors. */
export function PlayerImportRowsStep({ preview }: { preview: PlayerImportPreview }) {
  const [onlyErrors, setOnlyErrors] = useState(preview.counts.error > 0);
  // A phone has no room for a fourth column: the detail goes under the player's name.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = onlyErrors ? preview.rows.filter((row) => row.status === 'error') : preview.rows;
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label="Resumen de filas">
        {playerImportRowStatuses.map((status) => (
          <Chip
            key={status}
            color={chipColor[status]}
            variant={preview.counts[status] > 0 ? 'filled' : 'outlined'}
            label={countLabels[status](preview.counts[status])}
          />
        ))}
      </Stack>
      <FormControlLabel
        control={<Switch checked={onlyErrors} onChange={(_, checked) => setOnlyErrors(checked)} />}
        label="Solo errores"
      />
      <TableContainer sx={{ maxHeight: { xs: 'none', sm: 420 } }}>
        <Table size="small" stickyHeader aria-label="Filas del archivo">
          <TableHead>
            <TableRow>
              <TableCell>Fila</TableCell>
              <TableCell>Jugador</TableCell>
              <TableCell>Estado</TableCell>
              {!phone && <TableCell>Detalle</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, SHOWN).map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>
                  {row.name || '—'}
                  {phone && (
                    <Box sx={{ mt: 0.5, typography: 'body2' }}>
                      <Detail row={row} />
                    </Box>
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={chipColor[row.status]}
                    label={playerImportRowStatusLabels[row.status]}
                  />
                </TableCell>
                {!phone && (
                  <TableCell>
                    <Detail row={row} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > SHOWN && (
        <Typography variant="body2">
          Se muestran {SHOWN} de {rows.length} filas.
        </Typography>
      )}
    </Stack>
  );
}
