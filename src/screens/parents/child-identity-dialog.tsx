import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChildIdentity,
  childIdentityUpdateSchema,
  type ChildIdentityUpdateInput,
} from '../../../contract/child-identity.schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import {} from '../../../contract/parents.schema';
import {
  documentTypeLabels,
  personDocumentTypes,
  personGenderLabels,
  personGenders,
} from '../../../contract/profile.schema';
import { useChildren } from '../../api/parents.api';
import { FormDialog } from '../../components/form/form-dialog';
import { IsoDateField } from '../../components/form/iso-date-field';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import type { ChildIdentitySubject } from '../../machines/parents.actors';
import { DatePickersProvider } from '../../theme/date-pickers';

/** What the dialog edits: text as typed, '' for none. */
type IdentityFields = { [Key in Exclude<keyof ChildIdentity, 'id'>]-?: string };
const FIELDS = [
  'name',
  'lastname',
  'document_type',
  'document_number',
  'birth_date',
  'gender',
] as const satisfies ReadonlyArray<keyof IdentityFields>;

const fieldsOf = (identity: ChildIdentity): IdentityFields => ({
  name: identity.name,
  lastname: identity.lastname,
  document_type: identity.document_type ?? '',
  document_number: identity.document_number ?? '',
  birth_date: identity.birth_date ?? '',
  gender: identity.gender ?? '',
});

/** The request: every field with a value ('' is left out, the contract's "not sent"). */
const requestOf = (fields: IdentityFields) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));

/** The contract's schema over the request the fields make. */
const resolver: Resolver<IdentityFields, unknown, ChildIdentityUpdateInput> = (
  values,
  context,
  options,
) =>
  (
    zodResolver(childIdentityUpdateSchema) as unknown as Resolver<
      IdentityFields,
      unknown,
      ChildIdentityUpdateInput
    >
  )(requestOf(values) as IdentityFields, context, options);

interface ChildIdentityDialogProps {
  subject: ChildIdentitySubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSubmit: (values: ChildIdentityUpdateInput) => void;
}

/**
 * 'Editar datos' of an authorised guardian's child (issue #33 item 1): the names,
 * document, birth date and gender, read from GET /api/parents/children and checked with the
 * contract; the server's refusals go on their fields. Esc on a changed form asks before
 * discarding it (FormDialog); 'Cancelar' closes at once.
 */
export function ChildIdentityDialog(props: ChildIdentityDialogProps) {
  const { subject, busy, onCancel } = props;
  const titleId = useId();
  const children = useChildren();
  const [dirty, setDirty] = useState(false);
  const identity =
    children.data?.find(({ player }) => player.id === subject?.playerId)?.identity ?? null;

  let body;
  if (children.isPending)
    body = <Skeleton variant="rounded" height={240} role="status" aria-label="Cargando" />;
  else if (children.isError) body = <Alert severity="error">{children.error.message}</Alert>;
  else if (!identity) {
    body = (
      <Alert severity="info">
        Solo un acudiente autorizado por el club puede cambiar los datos de este jugador.
      </Alert>
    );
  }

  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      dirty={dirty}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Editar datos de {subject?.name ?? ''}</DialogTitle>
      {body ? (
        <>
          <DialogContent>{body}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Cerrar</Button>
          </DialogActions>
        </>
      ) : (
        identity && (
          <IdentityForm
            key={subject?.playerId}
            {...props}
            identity={identity}
            onDirty={setDirty}
            onCancel={onCancel}
          />
        )
      )}
    </FormDialog>
  );
}

interface IdentityFormProps extends ChildIdentityDialogProps {
  identity: ChildIdentity;
  onDirty: (dirty: boolean) => void;
}

function IdentityForm({ identity, busy, failure, onCancel, onSubmit, onDirty }: IdentityFormProps) {
  const form = useForm<IdentityFields, unknown, ChildIdentityUpdateInput>({
    resolver,
    defaultValues: fieldsOf(identity),
  });
  const plain = form as unknown as Parameters<typeof textFieldProps<IdentityFields>>[0];
  useServerFieldErrors(plain, failure, FIELDS);
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);
  const { isDirty } = form.formState;
  // The dialog asks before Esc discards a changed form.
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const select = (name: 'document_type' | 'gender', label: string, options: [string, string][]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          id={`field-${name}`}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={busy}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Elige una opción</MenuItem>
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <TextField label="Nombre" required disabled={busy} {...textFieldProps(plain, 'name')} />
        <TextField
          label="Apellido"
          required
          disabled={busy}
          {...textFieldProps(plain, 'lastname')}
        />
        {select(
          'document_type',
          'Tipo de documento',
          personDocumentTypes.map((each) => [each, documentTypeLabels[each]]),
        )}
        <TextField
          label="Número de documento"
          disabled={busy}
          autoComplete="off"
          {...textFieldProps(plain, 'document_number')}
        />
        <DatePickersProvider>
          <IsoDateField control={form.control} name="birth_date" label="Fecha de nacimiento" />
        </DatePickersProvider>
        {select(
          'gender',
          'Género',
          personGenders.map((each) => [each, personGenderLabels[each]]),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </form>
  );
}
