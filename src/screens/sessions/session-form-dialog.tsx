import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  homeAwayLabels,
  homeAwayValues,
  sessionTypeLabels,
  sessionTypes,
} from '../../../contract/sessions.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { IsoDateField } from '../../components/form/iso-date-field';
import type { RequestFailure } from '../../lib/request-failure';
import type { SessionFormValues, SessionToEdit } from '../../machines/sessions.actors';
import { DatePickersProvider } from '../../theme/date-pickers';
import { ScopeField } from './scope-field';
import { SelectField } from './select-field';
import { SessionRepeatFields } from './session-repeat-fields';
import {
  failureOnInputs,
  SESSION_FORM_FIELDS,
  sessionResolver,
  toInput,
  type SessionFormInput,
} from './session-form.values';
import { TimeField } from './time-field';

/** A category or a trainer the selects offer. */
export interface Option {
  id: number;
  name: string;
}

interface SessionFormDialogProps {
  open: boolean;
  /** What the dialog edits (a session) or creates (maybe on a chosen slot). */
  subject: SessionToEdit | null;
  /** The categories the caller manages (the server's choices). */
  categories: readonly Option[];
  /** Whether 'Todo el club' is offered (the caller manages club-wide sessions). */
  clubWide: boolean;
  /** The club's active trainers the caller may assign. */
  trainers: readonly Option[];
  /** The club's timezone: the date and times are its wall clock. */
  timeZone: string;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: SessionFormValues) => void;
}

/** 'Nueva sesión' / 'Editar sesión'. */
export function SessionFormDialog({
  open,
  subject,
  busy,
  onCancel,
  ...props
}: SessionFormDialogProps) {
  const editing = subject?.session ?? null;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="session-form-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="session-form-title">
        {editing ? 'Editar sesión' : 'Nueva sesión'}
      </DialogTitle>
      {open && subject && (
        <DatePickersProvider>
          <SessionForm
            key={editing?.id ?? 0}
            subject={subject}
            busy={busy}
            onCancel={onCancel}
            {...props}
          />
        </DatePickersProvider>
      )}
    </Dialog>
  );
}

/** `options` as the select's, with the edited session's own choice when it is not among them. */
function selectOptions(options: readonly Option[], id: number | null, name: string | null) {
  const listed = options.map((each) => ({ value: String(each.id), label: each.name }));
  return id === null || options.some((each) => each.id === id)
    ? listed
    : [...listed, { value: String(id), label: name ?? '—' }];
}

function SessionForm({
  subject,
  categories,
  clubWide,
  trainers,
  timeZone,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<SessionFormDialogProps, 'open' | 'subject'> & { subject: SessionToEdit }) {
  const editing = subject.session;
  const form = useForm<SessionFormInput, unknown, SessionFormValues>({
    resolver: sessionResolver(editing, timeZone),
    defaultValues: editing
      ? toInput(subject, timeZone)
      : firstCategoryUnlessClubWide(toInput(subject, timeZone), categories, clubWide),
  });
  const plainForm = form as unknown as UseFormReturn<SessionFormInput>;
  const onInputs = useMemo(() => failureOnInputs(failure), [failure]);
  useServerFieldErrors(plainForm, onInputs, SESSION_FORM_FIELDS);
  const type = useWatch({ control: form.control, name: 'type' });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const isMatch = type === 'match' || type === 'tournament';
  const inSeries = editing !== null && editing.series_id !== null;
  const onAField = onInputs && SESSION_FORM_FIELDS.some((field) => onInputs.fieldErrors[field]);
  const categoryOptions = [
    ...(clubWide || (editing && editing.category_id === null)
      ? [{ value: '', label: 'Todo el club' }]
      : []),
    ...selectOptions(categories, editing?.category_id ?? null, editing?.category_name ?? null),
  ];
  const trainerOptions = selectOptions(
    trainers,
    editing?.trainer_id ?? null,
    editing?.trainer_name ?? null,
  );

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSave)}>
      <DialogContent sx={{ pt: 0 }}>
        {onInputs && !onAField && <Alert severity="error">{onInputs.message}</Alert>}
        {inSeries && (
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <ScopeField label="Aplicar a" value={field.value} onChange={field.onChange} />
            )}
          />
        )}
        <SelectField
          form={form}
          name="type"
          label="Tipo"
          required
          options={sessionTypes.map((each) => ({ value: each, label: sessionTypeLabels[each] }))}
        />
        <TextField
          label="Título"
          required
          fullWidth
          autoComplete="off"
          {...textFieldProps(plainForm, 'title')}
        />
        <SelectField form={form} name="category" label="Categoría" options={categoryOptions} />
        <IsoDateField control={form.control} name="date" label="Fecha" required />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TimeField control={form.control} name="start" label="Inicio" />
          <TimeField control={form.control} name="end" label="Fin" />
        </Stack>
        <TextField label="Lugar" fullWidth {...textFieldProps(plainForm, 'location')} />
        <SelectField
          form={form}
          name="trainer"
          label="Entrenador"
          options={[{ value: '', label: 'Sin entrenador' }, ...trainerOptions]}
        />
        {isMatch && (
          <>
            <TextField label="Rival" fullWidth {...textFieldProps(plainForm, 'opponent')} />
            <SelectField
              form={form}
              name="home_away"
              label="Local o visitante"
              options={[
                { value: '', label: 'Sin indicar' },
                ...homeAwayValues.map((each) => ({ value: each, label: homeAwayLabels[each] })),
              ]}
            />
            <TextField
              label="Competición"
              fullWidth
              {...textFieldProps(plainForm, 'competition')}
            />
          </>
        )}
        <TextField
          label="Notas"
          fullWidth
          multiline
          minRows={2}
          {...textFieldProps(plainForm, 'notes')}
        />
        {(!editing || (inSeries && scope !== 'this')) && <SessionRepeatFields form={form} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}

/** A new session (with no category chosen) of a caller who cannot make club-wide ones starts in their first category. */
function firstCategoryUnlessClubWide(
  input: SessionFormInput,
  categories: readonly Option[],
  clubWide: boolean,
): SessionFormInput {
  const first = categories[0];
  return input.category === '' && !clubWide && first
    ? { ...input, category: String(first.id) }
    : input;
}
