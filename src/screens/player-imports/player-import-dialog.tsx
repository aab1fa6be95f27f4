import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useActorRef, useSelector } from '@xstate/react';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { PlanLimitAlert, planLimitMessageOf } from '../../components/plan-limit-alert';
import {
  importedMessage,
  selectCanImport,
  selectIsBusy,
  selectStep,
  type PlayerImportStep,
} from '../../machines/player-imports.actors';
import { PlayerImportFilePicker, PlayerImportFileStep } from './player-import-file-step';
import { PlayerImportMappingStep } from './player-import-mapping-step';
import { PlayerImportRowsStep } from './player-import-rows-step';
import { usePlayerImportLogic } from './player-import.logic';

interface PlayerImportDialogProps {
  clubId: number;
  open: boolean;
  onClose: () => void;
}

const stepTitles: Record<PlayerImportStep, string> = {
  file: 'Paso 1 de 3: elige el archivo',
  mapping: 'Paso 2 de 3: revisa las columnas',
  rows: 'Paso 3 de 3: revisa las filas',
  importing: 'Importando',
  done: 'Listo',
};

/**
 * 'Importar jugadores' (issue #11 item 4): full screen on a phone; a view of the import
 * machine. Once a file was chosen (and until it is imported), Esc or a click outside asks
 * «¿Descartar los cambios?» before dropping it; 'Cancelar' closes at once.
 */
export function PlayerImportDialog({ clubId, open, onClose }: PlayerImportDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <FormDialog
      open={open}
      busy={false}
      onCancel={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="player-import-title"
    >
      {open && <ImportFlow clubId={clubId} onClose={onClose} />}
    </FormDialog>
  );
}

function ImportFlow({ clubId, onClose }: { clubId: number; onClose: () => void }) {
  const actor = useActorRef(usePlayerImportLogic(clubId));
  const snapshot = useSelector(actor, (s) => s);
  const step = selectStep(snapshot);
  const busy = selectIsBusy(snapshot);
  const canImport = useSelector(actor, selectCanImport);
  const { preview, result, failure } = snapshot.context;
  const chooseFile = (file: File) => actor.send({ type: 'import.fileChosen', file });
  const rowErrors = Object.values(failure?.fieldErrors ?? {});
  const planLimit = planLimitMessageOf(failure);
  useReportDirty(snapshot.context.file !== null && !snapshot.matches('done'));

  return (
    <>
      <DialogTitle id="player-import-title">Importar jugadores</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          {stepTitles[step]}
        </Typography>
        {snapshot.matches('previewFailed') && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure?.message}
          </Alert>
        )}
        {(snapshot.matches('idle') || snapshot.matches('previewFailed')) && (
          <PlayerImportFileStep clubId={clubId} onFile={chooseFile} />
        )}
        {snapshot.matches('previewing') && (
          <Box>
            <Typography sx={{ mb: 1 }}>Revisando el archivo…</Typography>
            <LinearProgress aria-label="Revisando el archivo" />
          </Box>
        )}
        {snapshot.matches({ preview: 'mapping' }) && preview && (
          <PlayerImportMappingStep
            headers={preview.headers}
            mapping={preview.mapping}
            remembered={preview.remembered}
            onConfirm={(mapping) => actor.send({ type: 'import.confirmMapping', mapping })}
          />
        )}
        {snapshot.matches({ preview: 'rows' }) && preview && (
          <Stack sx={{ gap: 2 }}>
            {preview.counts.error > 0 && (
              <Alert
                severity="warning"
                action={<PlayerImportFilePicker onFile={chooseFile} label="Subir de nuevo" />}
              >
                Corrige el archivo y vuelve a subirlo. No se importará nada mientras haya filas con
                errores.
              </Alert>
            )}
            {preview.counts.request > 0 && (
              <Alert severity="info">
                Se enviará una solicitud a{' '}
                {preview.counts.request === 1
                  ? 'una persona que ya está registrada'
                  : `${preview.counts.request} personas que ya están registradas`}{' '}
                en otro club o con cuenta propia: aparecerán en el club cuando la acepten.
              </Alert>
            )}
            <PlayerImportRowsStep preview={preview} />
          </Stack>
        )}
        {snapshot.matches('importing') && (
          <Box>
            <Typography sx={{ mb: 1 }}>
              Importando {(preview?.counts.new ?? 0) + (preview?.counts.update ?? 0)} jugadores
              {preview?.counts.request ? ` y enviando ${preview.counts.request} solicitudes` : ''}…
            </Typography>
            <LinearProgress aria-label="Importando jugadores" />
          </Box>
        )}
        {snapshot.matches('importFailed') && planLimit && <PlanLimitAlert message={planLimit} />}
        {snapshot.matches('importFailed') && !planLimit && (
          <Alert severity="error">
            {failure?.message}
            {rowErrors.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {rowErrors.slice(0, 20).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {snapshot.matches('done') && result && (
          <Alert severity="success">{importedMessage(result)}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 'rows' && (
          <Button onClick={() => actor.send({ type: 'import.backToMapping' })}>
            Cambiar columnas
          </Button>
        )}
        {snapshot.matches('importFailed') && (
          <>
            <PlayerImportFilePicker onFile={chooseFile} label="Elegir otro archivo" />
            <Button onClick={() => actor.send({ type: 'import.retry' })}>Reintentar</Button>
          </>
        )}
        {snapshot.matches('done') && (
          <Button onClick={() => actor.send({ type: 'import.reset' })}>
            Importar otro archivo
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {snapshot.matches('done') ? 'Cerrar' : 'Cancelar'}
        </Button>
        {step === 'rows' && (
          <Button
            variant="contained"
            disabled={!canImport}
            onClick={() => actor.send({ type: 'import.start' })}
          >
            Importar
          </Button>
        )}
      </DialogActions>
    </>
  );
}
