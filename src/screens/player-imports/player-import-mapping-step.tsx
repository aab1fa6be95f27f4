import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  type PlayerImportMapping,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import {
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from '../../../contract/player-imports.columns';

interface MappingStepProps {
  headers: string[];
  /** The mapping the server used (recognised or the one sent). */
  mapping: PlayerImportMapping;
  /** The fields whose column the club chose in an earlier import. */
  remembered?: readonly PlayerImportField[];
  onConfirm: (mapping: PlayerImportMapping) => void;
}

const NONE = '';
/** Under a select whose column the club chose in an earlier import. */
export const REMEMBERED = 'Como en tu importación anterior';

/** One select per field: which column of the file fills it ('No importar' leaves it out). */
export function PlayerImportMappingStep({
  headers,
  mapping,
  remembered = [],
  onConfirm,
}: MappingStepProps) {
  const [chosen, setChosen] = useState<PlayerImportMapping>(mapping);
  const missing = playerImportFields.filter(
    (field) => playerImportColumns[field].required && !chosen[field],
  );
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography>
        Revisa qué columna del archivo corresponde a cada campo. Los campos con * son obligatorios.
      </Typography>
      <Stack sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {playerImportFields.map((field) => {
          const column = playerImportColumns[field];
          const unmapped = column.required && !chosen[field];
          return (
            <TextField
              key={field}
              select
              id={`mapping-${field}`}
              label={column.header}
              required={column.required}
              value={chosen[field] ?? NONE}
              error={unmapped}
              helperText={
                unmapped
                  ? playerImportMessages.requiredUnmapped
                  : remembered.includes(field) && chosen[field] === mapping[field]
                    ? REMEMBERED
                    : undefined
              }
              onChange={(event) =>
                setChosen((current) => ({ ...current, [field]: event.target.value || null }))
              }
              margin="none"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={NONE}>No importar</MenuItem>
              {headers
                .filter((header) => header !== '')
                .map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
            </TextField>
          );
        })}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={missing.length > 0} onClick={() => onConfirm(chosen)}>
          Ver filas
        </Button>
      </Stack>
    </Stack>
  );
}
