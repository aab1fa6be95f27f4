import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { linkRequestPasswordSchema } from '../../../contract/link-requests.schema';
import { textFieldProps } from '../../components/form/form-helpers';
import { SubmitButton } from '../../components/submit-button';

export type LinkRequestPassword = z.input<typeof linkRequestPasswordSchema>;

interface LinkRequestPasswordFormProps {
  /** The e-mail on file the person will sign in with (not editable). */
  email: string;
  busy: boolean;
  /** What goes between the password and the button (the club's authorisation). */
  children: ReactNode;
  onSubmit: (password: LinkRequestPassword) => void;
}

/**
 * The e-mailed link of an adult without an account (issue #33): accepting also opens their
 * account, so they choose its password here; the server checks it again.
 */
export function LinkRequestPasswordForm({
  email,
  busy,
  children,
  onSubmit,
}: LinkRequestPasswordFormProps) {
  const form = useForm<LinkRequestPassword>({
    resolver: zodResolver(linkRequestPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label="Correo electrónico"
        value={email}
        slotProps={{ input: { readOnly: true } }}
        helperText="Entrarás a tu cuenta con este correo"
      />
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
      {children}
      <SubmitButton label="Aceptar y crear mi contraseña" busy={busy} />
    </Box>
  );
}
