import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type {
  CalendarFeedCreateInput,
  CalendarFeedCreated,
} from '../../../contract/calendar-feeds.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import type { RequestFailure } from '../../lib/request-failure';
import { CalendarFeedLink } from './calendar-feed-link';
import { CalendarFeedsList } from './calendar-feeds-list';

/** A category the person may subscribe to. */
export interface CalendarOption {
  id: number;
  name: string;
}

interface FeedsDialogProps {
  clubId: number;
  categories: readonly CalendarOption[];
  open: boolean;
  /** The feed just made, with its URL (shown this once); null while choosing. */
  created: CalendarFeedCreated | null;
  busy: boolean;
  failure: RequestFailure | null;
  onClose: () => void;
  onCreate: (values: CalendarFeedCreateInput) => void;
}

const PERSON = 'person';

/**
 * 'Suscribirse al calendario': choose 'Mi calendario' or a category, 'Crear enlace', then
 * the secret link to copy or open in the phone's calendar or Google Calendar (shown once);
 * below, the person's links with 'Revocar'.
 */
export function CalendarFeedsDialog({ clubId, open, busy, onClose, ...props }: FeedsDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onClose}
      aria-labelledby="calendar-feeds-title"
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="calendar-feeds-title">Suscribirse al calendario</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {open && props.created ? (
          <CalendarFeedLink feed={props.created} />
        ) : (
          open && <FeedForm busy={busy} {...props} />
        )}
        {open && <CalendarFeedsList clubId={clubId} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cerrar
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

function FeedForm({
  categories,
  busy,
  failure,
  onCreate,
}: Pick<FeedsDialogProps, 'categories' | 'busy' | 'failure' | 'onCreate'>) {
  const [choice, setChoice] = useState(PERSON);
  // A category chosen and no link made yet: Esc asks before dropping the choice.
  useReportDirty(choice !== PERSON);
  const create = () =>
    onCreate(
      choice === PERSON ? { kind: 'person' } : { kind: 'category', category_id: Number(choice) },
    );
  return (
    <>
      <Typography>
        Crea un enlace para ver las sesiones en Google Calendar o en el calendario de tu teléfono;
        se actualiza solo cuando el club cambia algo.
      </Typography>
      {failure && <Alert severity="error">{failure.message}</Alert>}
      <TextField
        select
        label="Calendario"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        slotProps={{ select: { native: true } }}
        helperText={
          choice === PERSON
            ? 'Todo lo que ves: tus categorías, las de tus hijos y las de todo el club'
            : 'Las sesiones de esta categoría y las de todo el club'
        }
      >
        <option value={PERSON}>Mi calendario</option>
        {categories.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.name}
          </option>
        ))}
      </TextField>
      <Button
        variant="contained"
        disabled={busy}
        aria-busy={busy}
        onClick={create}
        sx={{ alignSelf: 'flex-start' }}
      >
        Crear enlace
      </Button>
    </>
  );
}
