import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { coGuardianInviteSchema } from '../../../contract/co-guardians.schema';
import {
  guardianRelationshipLabels,
  guardianRelationships,
} from '../../../contract/players.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import type {
  CoGuardianInviteSubject,
  CoGuardianInviteValues,
} from '../../machines/co-guardians.actors';

const FIELDS = ['name', 'email', 'relationship'] as const;

/** What the inputs hold: text as typed, '' before a relationship is chosen. */
interface FormInput {
  name: string;
  email: string;
  relationship: string;
}

/** The contract's schema over the fields (the club is the subject's, added on sending). */
const schema = coGuardianInviteSchema.omit({ club_id: true });
const resolver = zodResolver(schema) as unknown as Resolver<
  FormInput,
  unknown,
  CoGuardianInviteValues
>;

interface CoGuardianInviteDialogProps {
  subject: CoGuardianInviteSubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSubmit: (values: CoGuardianInviteValues) => void;
}

/**
 * 'Invitar a otro acudiente' (issue #34 item 6): the primary guardian names another adult,
 * their e-mail and relationship; the club e-mails them an invitation and they become a
 * guardian of the child once they accept. Esc on a changed form asks before discarding.
 */
export function CoGuardianInviteDialog({
  subject,
  busy,
  onCancel,
  ...props
}: CoGuardianInviteDialogProps) {
  const titleId = useId();
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Invitar a otro acudiente de {subject?.name ?? ''}</DialogTitle>
      {subject && <InviteForm key={subject.playerId} busy={busy} onCancel={onCancel} {...props} />}
    </FormDialog>
  );
}

function InviteForm({
  busy,
  failure,
  onCancel,
  onSubmit,
}: Omit<CoGuardianInviteDialogProps, 'subject'>) {
  const form = useForm<FormInput, unknown, CoGuardianInviteValues>({
    resolver,
    defaultValues: { name: '', email: '', relationship: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);
  useReportDirty(form.formState.isDirty);
  const text = (name: 'name' | 'email') => {
    const { inputRef, ...props } = textFieldProps(form, name);
    return { ...props, inputRef, fullWidth: true, margin: 'normal' as const };
  };
  const unplaced = failure && !FIELDS.some((field) => failure.fieldErrors[field]);
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText>
          Le enviaremos una invitación por correo. Será acudiente cuando la acepte.
        </DialogContentText>
        {unplaced && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        )}
        <TextField label="Nombre completo" required autoComplete="off" {...text('name')} />
        <TextField label="Correo" type="email" required autoComplete="off" {...text('email')} />
        <Controller
          control={form.control}
          name="relationship"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              fullWidth
              margin="normal"
              id="field-relationship"
              label="Parentesco"
              {...field}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {guardianRelationships.map((value) => (
                <MenuItem key={value} value={value}>
                  {guardianRelationshipLabels[value]}
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
        <Button type="submit" variant="contained" loading={busy}>
          Enviar invitación
        </Button>
      </DialogActions>
    </form>
  );
}
