import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { loginRequestSchema, type LoginRequest } from '../../../contract/auth.schema';
import { AuthContext } from '../../app/auth-context';
import { AuthCard } from '../../components/auth-card';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { selectCanLogin, selectFailure, selectIsBusy } from '../../machines/auth.selectors';
import { AuthLinks } from './auth-links';

const FIELDS = ['email', 'password'] as const;

/** /login: the auth machine logs in; this view collects the credentials and shows its answer. */
export function LoginScreen() {
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsBusy);
  const canLogin = AuthContext.useSelector(selectCanLogin);
  const failure = AuthContext.useSelector(selectFailure);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);

  const onSubmit = form.handleSubmit((credentials) =>
    auth.send({ type: 'auth.login', credentials }),
  );

  return (
    <AuthCard title="Iniciar sesión">
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
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
        <FormTextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          {...textFieldProps(form, 'password')}
        />
        <SubmitButton label="Iniciar sesión" busy={busy} disabled={!canLogin} />
      </Box>
      <AuthLinks
        links={[
          { to: '/forgot-password', label: '¿Olvidaste tu contraseña?' },
          { to: '/register', label: 'Crear una cuenta' },
        ]}
      />
    </AuthCard>
  );
}
