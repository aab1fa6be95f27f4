import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import {
  forgotPasswordRequestSchema,
  type ForgotPasswordRequest,
} from '../../../contract/auth.schema';
import { AuthCard } from '../../components/auth-card';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { useSaveFlow } from '../../components/use-machine-flow';
import { PASSWORD_FORM_OPTIONS } from '../../machines/auth-password.actors';
import { AuthLinks } from './auth-links';
import { forgotPasswordLogic, type PasswordFormLogic } from './password.logic';

const FIELDS = ['email'] as const;

/** /forgot-password: asks for the reset link; the answer is the same whether the email exists. */
export function ForgotPasswordScreen({
  logic = forgotPasswordLogic,
}: {
  logic?: PasswordFormLogic;
}) {
  const {
    busy,
    canSave: canSubmit,
    failure,
    saved,
    submit,
  } = useSaveFlow(logic, PASSWORD_FORM_OPTIONS);
  const sentMessage = saved?.message;
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);

  const onSubmit = form.handleSubmit(submit);

  return (
    <AuthCard title="Recuperar contraseña">
      {sentMessage ? (
        <Alert severity="success">{sentMessage}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">
            Escribe tu correo y te enviaremos un enlace para restablecer la contraseña.
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure.message}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={onSubmit}>
            <FormTextField
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              {...textFieldProps(form, 'email')}
            />
            <SubmitButton label="Enviar enlace" busy={busy} disabled={!canSubmit} />
          </Box>
        </>
      )}
      <AuthLinks links={[{ to: '/login', label: 'Volver a iniciar sesión' }]} />
    </AuthCard>
  );
}
