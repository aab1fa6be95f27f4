import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PlayerImportFormat } from '../../../contract/player-imports.schema';
import { downloadPlayerImportTemplate } from '../../api/player-imports.api';
import { toRequestFailure } from '../../lib/request-failure';

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves a downloaded file under `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

interface FileStepProps {
  clubId: number;
  onFile: (file: File) => void;
  /** A new file may be chosen (no call running). */
  disabled?: boolean;
  label?: string;
}

/** 'Elegir archivo' (CSV or .xlsx) and the template as CSV or Excel. */
export function PlayerImportFilePicker({
  onFile,
  disabled,
  label = 'Elegir archivo',
}: Omit<FileStepProps, 'clubId'>) {
  return (
    <Button component="label" variant="contained" startIcon={<UploadFile />} disabled={disabled}>
      {label}
      <input
        hidden
        type="file"
        accept={ACCEPT}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}

export function PlayerImportFileStep({ clubId, onFile, disabled }: FileStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: PlayerImportFormat) => {
    try {
      setFailure(null);
      save(await downloadPlayerImportTemplate(clubId, format), `plantilla-jugadores.${format}`);
    } catch (error) {
      setFailure(toRequestFailure(error).message);
    }
  };
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography>
        Sube un archivo CSV o Excel (.xlsx) con una fila por jugador y los nombres de las columnas
        en la primera fila. Antes de guardar verás cómo queda cada fila.
      </Typography>
      <PlayerImportFilePicker onFile={onFile} disabled={disabled} />
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mt: 1 }}>
        Descargar plantilla
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={() => void download('csv')}
        >
          Plantilla CSV
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={() => void download('xlsx')}
        >
          Plantilla Excel
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}
