import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import {
  type EmailChangeInput,
  type PasswordChangeInput,
  emailChangeSchema,
  passwordChangeSchema,
} from '../../../contract/account.schema';
import type { Profile } from '../../../contract/profile.schema';
import { changePassword, requestEmailChange } from '../../api/account.api';
import { authApi } from '../../api/auth.api';
import { AuthContext } from '../../app/auth-context';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { PasswordStrengthMeter } from '../../components/form/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { toast } from '../../components/toaster';
import {
  ACCOUNT_FORM_SHOW,
  createAccountFormImplementations,
  createPasswordChangeImplementations,
} from '../../machines/account.actors';
import { AccountSection, FormFailure, useAccountForm } from './account-form';

const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;
const EMAIL_FIELDS = ['new_email', 'password'] as const;

/** 'Seguridad': the password with the current one, and the e-mail with a confirmation link. */
export function SecuritySection(props: {
  profile: Profile;
  pendingEmail: string | null;
  onEmailRequested: () => void;
}) {
  return (
    <AccountSection
      id="seguridad"
      title="Seguridad"
      description="Al cambiar la contraseña se cierran tus sesiones en los demás dispositivos; en este sigues conectado."
    >
      <PasswordForm profile={props.profile} />
      <EmailForm {...props} />
    </AccountSection>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const auth = AuthContext.useActorRef();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const save = useAccountForm(() =>
    createPasswordChangeImplementations({
      changePassword: (values) => changePassword(values as PasswordChangeInput),
      login: (email, password) => authApi.login({ email, password }),
      email: () => profile.email,
      adopt: (response) => auth.send({ type: 'auth.sessionStarted', response }),
      toast: (message, options) => {
        form.reset();
        return toast(message, options);
      },
    }),
  );
  useServerFieldErrors(form, save.failure, PASSWORD_FIELDS);
  const password = useWatch({ control: form.control, name: 'new_password' });

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="account-password-title"
      onSubmit={form.handleSubmit((values) => save.submit(values))}
    >
      <Typography variant="subtitle1" component="h3" id="account-password-title" sx={{ mt: 2 }}>
        Cambiar contraseña
      </Typography>
      <FormTextField
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        {...textFieldProps(form, 'current_password')}
      />
      <FormTextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        {...textFieldProps(form, 'new_password')}
      />
      <PasswordStrengthMeter password={password} person={profile} />
      <FormFailure message={save.failure?.message} />
      <SubmitButton label="Cambiar contraseña" busy={save.busy} disabled={!save.canSubmit} />
    </Box>
  );
}

function EmailForm(props: {
  profile: Profile;
  pendingEmail: string | null;
  onEmailRequested: () => void;
}) {
  const form = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const save = useAccountForm(
    () =>
      createAccountFormImplementations({
        send: (values) => requestEmailChange(values as EmailChangeInput),
        done: () => props.onEmailRequested(),
      }),
    ACCOUNT_FORM_SHOW,
  );
  useServerFieldErrors(form, save.failure, EMAIL_FIELDS);

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="account-email-title"
      onSubmit={form.handleSubmit((values) => save.submit(values))}
      sx={{ mt: 3 }}
    >
      <Typography variant="subtitle1" component="h3" id="account-email-title">
        Cambiar correo
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Tu correo actual es {props.profile.email}. Te enviaremos un enlace al nuevo correo; el
        cambio se hace cuando lo abras.
      </Typography>
      {save.saved ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {save.saved.message}
        </Alert>
      ) : (
        <>
          {props.pendingEmail && (
            <Alert severity="info" sx={{ mt: 2 }}>
              Falta confirmar {props.pendingEmail}: abre el enlace que te enviamos.
            </Alert>
          )}
          <FormTextField
            label="Nuevo correo"
            type="email"
            autoComplete="email"
            {...textFieldProps(form, 'new_email')}
          />
          <FormTextField
            label="Tu contraseña"
            type="password"
            autoComplete="current-password"
            {...textFieldProps(form, 'password')}
          />
          <FormFailure message={save.failure?.message} />
          <SubmitButton label="Enviar enlace" busy={save.busy} disabled={!save.canSubmit} />
        </>
      )}
    </Box>
  );
}
