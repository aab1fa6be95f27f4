import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import {
  invitationAcceptNewAccountSchema,
  type InvitationAcceptNewAccount,
} from '../../../contract/invitations.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { SubmitButton } from '../../components/submit-button';
import type { RequestFailure } from '../../lib/request-failure';

const FIELDS = ['name', 'lastname', 'password', 'password_confirmation'] as const;

interface InvitationAccountFormProps {
  /** The invited e-mail: the account's, not editable. */
  email: string;
  busy: boolean;
  failure: RequestFailure | null;
  onSubmit: (account: InvitationAcceptNewAccount) => void;
}

/** The new account of an invitee without one: accepting creates it. */
export function InvitationAccountForm({
  email,
  busy,
  failure,
  onSubmit,
}: InvitationAccountFormProps) {
  const form = useForm<InvitationAcceptNewAccount>({
    resolver: zodResolver(invitationAcceptNewAccountSchema),
    defaultValues: { name: '', lastname: '', password: '', password_confirmation: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label="Correo electrónico"
        value={email}
        slotProps={{ input: { readOnly: true } }}
        helperText="La cuenta se crea con el correo de la invitación"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
        <TextField label="Nombre" autoComplete="given-name" {...textFieldProps(form, 'name')} />
        <TextField
          label="Apellido"
          autoComplete="family-name"
          {...textFieldProps(form, 'lastname')}
        />
      </Stack>
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        {...textFieldProps(form, 'password')}
      />
      <TextField
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        {...textFieldProps(form, 'password_confirmation')}
      />
      <SubmitButton label="Aceptar invitación" busy={busy} />
    </Box>
  );
}
