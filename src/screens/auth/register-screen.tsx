import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import {
  PRIVACY_POLICY_VERSION,
  TERMS_VERSION,
  registerRequestSchema,
  type RegisterRequest,
} from '../../../contract/auth.schema';
import { AuthContext } from '../../app/auth-context';
import { AuthCard } from '../../components/auth-card';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { PasswordStrengthMeter } from '../../components/form/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { selectCanRegister, selectFailure, selectIsBusy } from '../../machines/auth.selectors';
import { AuthLinks } from './auth-links';
import { SignUpConsents } from './sign-up-consents';

const FIELDS = [
  'name',
  'lastname',
  'email',
  'password',
  'password_confirmation',
  'accept_terms',
  'accept_data_policy',
] as const;

/** /register: creates the account through the auth machine, which then signs the user in. */
export function RegisterScreen() {
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsBusy);
  const canRegister = AuthContext.useSelector(selectCanRegister);
  const failure = AuthContext.useSelector(selectFailure);
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      name: '',
      lastname: '',
      email: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
      // The versions of the texts this page links to; the server refuses older ones (409).
      terms_version: TERMS_VERSION,
      accept_data_policy: false,
      data_policy_version: PRIVACY_POLICY_VERSION,
    },
  });
  useServerFieldErrors(form, failure, FIELDS);
  const [name, lastname, email, password] = useWatch({
    control: form.control,
    name: ['name', 'lastname', 'email', 'password'],
  });

  const onSubmit = form.handleSubmit((details) => auth.send({ type: 'auth.register', details }));

  return (
    <AuthCard title="Crear cuenta">
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure.message}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <FormTextField
            label="Nombre"
            autoComplete="given-name"
            {...textFieldProps(form, 'name')}
          />
          <FormTextField
            label="Apellido"
            autoComplete="family-name"
            {...textFieldProps(form, 'lastname')}
          />
        </Stack>
        <FormTextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...textFieldProps(form, 'email')}
        />
        <FormTextField
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          {...textFieldProps(form, 'password')}
        />
        <PasswordStrengthMeter password={password} person={{ name, lastname, email }} />
        <FormTextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          {...textFieldProps(form, 'password_confirmation')}
        />
        <SignUpConsents control={form.control} />
        <SubmitButton label="Crear cuenta" busy={busy} disabled={!canRegister} />
      </Box>
      <AuthLinks links={[{ to: '/login', label: 'Volver a iniciar sesión' }]} />
    </AuthCard>
  );
}
