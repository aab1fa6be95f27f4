import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  authMessages,
  resetPasswordRequestSchema,
  type ResetPasswordRequest,
} from '../../../contract/auth.schema';
import { AuthCard } from '../../components/auth-card';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { PasswordStrengthMeter } from '../../components/form/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { useSaveFlow } from '../../components/use-machine-flow';
import { PASSWORD_FORM_OPTIONS } from '../../machines/auth-password.actors';
import { AuthLinks } from './auth-links';
import { resetPasswordLogic, type PasswordFormLogic } from './password.logic';

const FIELDS = ['password', 'password_confirmation'] as const;

/** /reset-password?token=…&email=…: the link of the reset e-mail lands here. */
export function ResetPasswordScreen({ logic = resetPasswordLogic }: { logic?: PasswordFormLogic }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const {
    busy,
    canSave: canSubmit,
    failure,
    saved,
    submit,
  } = useSaveFlow(logic, PASSWORD_FORM_OPTIONS);
  const doneMessage = saved?.message;
  // Token and email come from the link; they are validated with the rest but not shown as inputs.
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);
  const password = useWatch({ control: form.control, name: 'password' });
  const linkError =
    !token || !email
      ? authMessages.invalidResetToken
      : (form.formState.errors.token?.message ?? form.formState.errors.email?.message);

  const onSubmit = form.handleSubmit(submit);

  if (doneMessage) {
    return (
      <AuthCard title="Restablecer contraseña">
        <Alert severity="success">{doneMessage}</Alert>
        <AuthLinks links={[{ to: '/login', label: 'Iniciar sesión' }]} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Restablecer contraseña">
      {email && <Typography color="text.secondary">Cuenta: {email}</Typography>}
      {(failure || linkError) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure?.message ?? linkError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          {...textFieldProps(form, 'password')}
        />
        <PasswordStrengthMeter password={password} person={{ email }} />
        <FormTextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          {...textFieldProps(form, 'password_confirmation')}
        />
        <SubmitButton label="Restablecer contraseña" busy={busy} disabled={!canSubmit} />
      </Box>
      <AuthLinks
        links={[
          { to: '/forgot-password', label: 'Solicitar un nuevo enlace' },
          { to: '/login', label: 'Volver a iniciar sesión' },
        ]}
      />
    </AuthCard>
  );
}
