import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CallUp } from '../../../contract/call-ups.schema';
import { attendanceQuery } from '../../api/attendance.api';
import type { RequestFailure } from '../../lib/request-failure';
import type { CallUpPickerSubject } from '../../machines/call-ups.actors';
import { playersText } from '../../machines/call-ups.actors';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

interface PickerProps {
  clubId: number;
  sessionId: number;
  /** Who is called up now; null keeps the dialog closed. */
  subject: CallUpPickerSubject | null;
  /** The rows called up now (someone called up may have left the category since). */
  called: readonly CallUp[];
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (playerIds: number[]) => void;
}

/** Lower case without accents, so 'jose' finds 'José'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * 'Convocar jugadores': the session's players (its roll-call sheet: the category's, or the
 * club's for a club-wide session, plus whoever is called up already) with a search and a
 * checkbox each; 'Guardar convocatoria' sends the whole list.
 */
export function CallUpPickerDialog({ subject, busy, onCancel, ...props }: PickerProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="call-up-picker-title"
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="call-up-picker-title">Convocar jugadores</DialogTitle>
      {subject && <Picker subject={subject} busy={busy} onCancel={onCancel} {...props} />}
    </FormDialog>
  );
}

function Picker(props: PickerProps & { subject: CallUpPickerSubject }) {
  const { clubId, sessionId, subject, called, busy, failure, onCancel, onSave } = props;
  const sheet = useQuery(attendanceQuery(clubId, sessionId));
  const [checked, setChecked] = useState<readonly number[]>(subject.calledIds);
  const [search, setSearch] = useState('');
  useReportDirty(
    checked.length !== subject.calledIds.length ||
      checked.some((id) => !subject.calledIds.includes(id)),
  );
  const players = useMemo(() => {
    const byId = new Map<number, string>();
    for (const record of sheet.data?.records ?? []) byId.set(record.player_id, record.name);
    for (const row of called) if (!byId.has(row.player_id)) byId.set(row.player_id, row.name);
    return [...byId]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  }, [sheet.data, called]);
  const shown = players.filter(({ name }) => folded(name).includes(folded(search.trim())));
  const toggle = (id: number) =>
    setChecked((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const allShown = shown.length > 0 && shown.every(({ id }) => checked.includes(id));
  const toggleShown = () =>
    setChecked((ids) =>
      allShown
        ? ids.filter((id) => !shown.some((each) => each.id === id))
        : [...new Set([...ids, ...shown.map(({ id }) => id)])],
    );

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure.message}
          </Alert>
        )}
        <TextField
          label="Buscar jugador"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          sx={{ mt: 1 }}
        />
        {sheet.isPending && <LinearProgress aria-label="Cargando jugadores" sx={{ my: 1 }} />}
        {sheet.isError && (
          <Alert severity="error" sx={{ my: 1 }}>
            No se pudieron cargar los jugadores: {sheet.error.message}
          </Alert>
        )}
        {sheet.isSuccess && players.length === 0 && (
          <Typography sx={{ my: 2 }}>Esta sesión no tiene jugadores para convocar.</Typography>
        )}
        {shown.length > 0 && (
          <FormControlLabel
            label={allShown ? 'Quitar los mostrados' : 'Seleccionar los mostrados'}
            control={<Checkbox checked={allShown} onChange={toggleShown} />}
            sx={{ mt: 1 }}
          />
        )}
        <FormGroup aria-label="Jugadores">
          {shown.map((player) => (
            <FormControlLabel
              key={player.id}
              label={player.name}
              control={
                <Checkbox
                  checked={checked.includes(player.id)}
                  onChange={() => toggle(player.id)}
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography
          variant="body2"
          sx={{ mr: 'auto', pl: 1, width: { xs: '100%', sm: 'auto' } }}
          aria-live="polite"
        >
          {playersText(checked.length)} {checked.length === 1 ? 'convocado' : 'convocados'}
        </Typography>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          aria-busy={busy}
          onClick={() => onSave([...checked])}
        >
          Guardar convocatoria
        </Button>
      </DialogActions>
    </>
  );
}
