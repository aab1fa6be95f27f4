import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { CategoryRef } from '../../../contract/people.schema';
import { documentTypeLabels, personDocumentTypes } from '../../../contract/profile.schema';
import type { Trainer } from '../../../contract/trainers.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import type { TrainerValues } from '../../machines/trainers.actors';
import {
  IDENTITY_LOCKED_HELPER,
  IDENTITY_LOCKED_NOTICE,
} from '../../components/person/identity-lock';
import { useDocumentAnswer } from '../../components/person/use-document-answer';
import { blocksSaving, DocumentCheckNotice, LinkOffer } from './trainer-document-check';
import {
  identityLocked,
  offersLink,
  resolverFor,
  TRAINER_FIELDS,
  type TrainerFormInput,
  toInput,
  toValues,
} from './trainer-form';

interface TrainerDialogProps {
  open: boolean;
  clubId: number;
  /** The trainer edited; null adds one. */
  trainer: Trainer | null;
  /** The club's active categories (and the trainer's own, even if inactive). */
  categories: CategoryRef[];
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: TrainerValues) => void;
}

/** 'Nuevo entrenador' / 'Editar entrenador'. */
export function TrainerDialog({ open, busy, onCancel, ...props }: TrainerDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="trainer-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="trainer-dialog-title">
        {props.trainer ? 'Editar entrenador' : 'Nuevo entrenador'}
      </DialogTitle>
      {open && (
        <TrainerForm key={props.trainer?.id ?? 0} busy={busy} onCancel={onCancel} {...props} />
      )}
    </FormDialog>
  );
}

function TrainerForm(props: Omit<TrainerDialogProps, 'open'>) {
  const { clubId, trainer, categories, busy, failure, onCancel, onSave } = props;
  const form = useForm<TrainerFormInput>({
    resolver: resolverFor(trainer),
    defaultValues: toInput(trainer),
  });
  useServerFieldErrors(form, failure, TRAINER_FIELDS);
  useReportDirty(form.formState.isDirty);
  const [type, number, linking] = useWatch({
    control: form.control,
    name: ['document_type', 'document_number', 'link_existing'],
  });
  const locked = identityLocked(trainer);
  const { answer } = useDocumentAnswer({
    clubId,
    type: locked ? '' : type,
    number,
    kind: 'trainer',
    ...(trainer ? { personId: trainer.id } : {}),
  });
  const frozen = locked || linking || busy;
  const submit = form.handleSubmit((input) => onSave(toValues(input, trainer)));
  const setLinking = (value: boolean) => form.setValue('link_existing', value);
  const linkAndResend = () => {
    setLinking(true);
    void submit();
  };
  const onAField = failure && TRAINER_FIELDS.some((field) => failure.fieldErrors[field]);
  const field = (name: 'name' | 'lastname' | 'document_number' | 'email' | 'phone') => {
    const bound = textFieldProps(form, name);
    return {
      ...bound,
      disabled: frozen,
      ...(locked && !bound.error ? { helperText: IDENTITY_LOCKED_HELPER } : {}),
    };
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        {locked && <Alert severity="info">{IDENTITY_LOCKED_NOTICE}</Alert>}
        {failure && !linking && offersLink(failure) ? (
          <LinkOffer message={failure.message} onLink={linkAndResend} />
        ) : (
          failure && !onAField && <Alert severity="error">{failure.message}</Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextField label="Nombre" required autoComplete="off" {...field('name')} />
          <TextField label="Apellido" required autoComplete="off" {...field('lastname')} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <Controller
            control={form.control}
            name="document_type"
            render={({ field: select, fieldState }) => (
              <TextField
                select
                label="Tipo de documento"
                id="field-document_type"
                name={select.name}
                value={select.value}
                onChange={select.onChange}
                onBlur={select.onBlur}
                inputRef={select.ref}
                disabled={frozen}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ?? (locked ? IDENTITY_LOCKED_HELPER : undefined)
                }
                sx={{ minWidth: { sm: 240 } }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">Sin documento</MenuItem>
                {personDocumentTypes.map((each) => (
                  <MenuItem key={each} value={each}>
                    {documentTypeLabels[each]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField label="Número de documento" autoComplete="off" {...field('document_number')} />
        </Stack>
        <DocumentCheckNotice
          answer={answer}
          linking={linking}
          onLink={() => setLinking(true)}
          onUnlink={() => setLinking(false)}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="off"
          {...field('email')}
          helperText={
            form.formState.errors.email?.message ??
            (locked
              ? IDENTITY_LOCKED_HELPER
              : 'Le enviaremos una invitación para que entre al club')
          }
        />
        <TextField label="Teléfono" type="tel" autoComplete="off" {...field('phone')} />
        <Controller
          control={form.control}
          name="category_ids"
          render={({ field: select, fieldState }) => (
            <TextField
              select
              label="Categorías"
              id="field-category_ids"
              name={select.name}
              value={select.value}
              onChange={(event) => select.onChange(event.target.value as unknown as number[])}
              onBlur={select.onBlur}
              inputRef={select.ref}
              disabled={busy}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (ids) =>
                    categories
                      .filter(({ id }) => (ids as number[]).includes(id))
                      .map(({ name }) => name)
                      .join(', '),
                },
              }}
            >
              {categories.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || (!linking && blocksSaving(answer))}
          aria-busy={busy}
        >
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}
