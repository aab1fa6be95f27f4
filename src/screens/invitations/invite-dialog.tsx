import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  INVITATION_TTL_DAYS,
  invitationCreateSchema,
  type InvitationCreateInput,
} from '../../../contract/invitations.schema';
import type { Role } from '../../../contract/roles.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import type { SentInvitation } from '../../machines/invitations.actors';
import { toast } from '../../components/toaster';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

const FIELDS = ['email', 'role_id'] as const;

interface InviteDialogProps {
  open: boolean;
  roles: Role[];
  busy: boolean;
  failure: RequestFailure | null;
  /** The created invitation once sent: the dialog then shows its link. */
  sent: SentInvitation | null;
  onClose: () => void;
  onSubmit: (values: InvitationCreateInput) => void;
}

/** 'Invitar usuario': e-mail and role; once sent, the link to copy and share. */
export function InviteDialog({ open, busy, onClose, ...props }: InviteDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onClose}
      aria-labelledby="invite-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="invite-title">Invitar usuario</DialogTitle>
      {open && props.sent ? (
        <SentLink sent={props.sent} onClose={onClose} />
      ) : (
        open && <InviteForm busy={busy} onClose={onClose} {...props} />
      )}
    </FormDialog>
  );
}

type FormInput = z.input<typeof invitationCreateSchema>;
type FormOutput = z.output<typeof invitationCreateSchema>;

function InviteForm({
  roles,
  busy,
  failure,
  onClose,
  onSubmit,
}: Omit<InviteDialogProps, 'open' | 'sent'>) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role_id: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);
  useReportDirty(form.formState.isDirty);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && <Alert severity="error">{failure.message}</Alert>}
        <TextField
          label="Correo"
          type="email"
          autoComplete="off"
          {...textFieldProps(form, 'email')}
        />
        <Controller
          control={form.control}
          name="role_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Rol"
              id="field-role_id"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {roles.map((role) => (
                <MenuItem key={role.id} value={role.id}>
                  {role.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Enviar invitación
        </Button>
      </DialogActions>
    </Box>
  );
}

function SentLink({ sent, onClose }: { sent: SentInvitation; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.invitation_url);
      toast('Enlace copiado');
    } catch {
      toast('No se pudo copiar el enlace; selecciónalo y cópialo', {
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Typography>
          Le enviamos un correo a {sent.email}. El enlace vence en {INVITATION_TTL_DAYS} días.
        </Typography>
        <TextField
          label="Enlace de invitación"
          value={sent.invitation_url}
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copiar enlace</Button>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </>
  );
}
