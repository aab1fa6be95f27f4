import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { AuthContext } from '../../app/auth-context';
import { AuthCard } from '../../components/auth-card';
import { FormTextField } from '../../components/form/form-text-field';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { SubmitButton } from '../../components/submit-button';
import { selectCanLogin, selectFailure, selectIsBusy } from '../../machines/auth.selectors';
import { AuthLinks } from './auth-links';

const FIELDS = ['email', 'password'] as const;

/** The contract's login schema, imported after the page draws (it brings zod). */
const loadSchema = () =>
  import('../../../contract/auth.schema').then((module) => module.loginRequestSchema);

/** /login: the auth machine logs in; this view collects the credentials and shows its answer. */
export function LoginScreen() {
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsBusy);
  const canLogin = AuthContext.useSelector(selectCanLogin);
  const failure = AuthContext.useSelector(selectFailure);
  const form = useSchemaForm({
    fields: FIELDS,
    loadSchema,
    failure,
    onValid: (credentials) => auth.send({ type: 'auth.login', credentials }),
  });
  const message = failure?.message ?? form.problem;

  return (
    <AuthCard title="Iniciar sesión">
      {message && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={form.onSubmit}>
        <FormTextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <FormTextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
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
