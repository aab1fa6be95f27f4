import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accountMessages } from '../../../contract/account.schema';
import { confirmEmailChange } from '../../api/account.api';
import { AuthCard } from '../../components/auth-card';
import { SubmitButton } from '../../components/submit-button';
import { createAccountFormImplementations } from '../../machines/account.actors';
import { ACCOUNT_FORM_SHOW } from '../../machines/account.actors';
import { useAccountForm } from './account-form';

/**
 * /confirmar-correo?token=… (public): the link of the e-mail change lands here and the
 * person confirms with a button (a mail scanner that opens links confirms nothing).
 */
export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useAccountForm(
    () => createAccountFormImplementations({ send: () => confirmEmailChange(token) }),
    ACCOUNT_FORM_SHOW,
  );

  if (confirm.saved) {
    return (
      <AuthCard title="Confirmar correo">
        <Alert severity="success" role="status">
          {confirm.saved.message} Úsalo para iniciar sesión.
        </Alert>
        <Button component={RouterLink} to="/home/account" sx={{ mt: 2 }}>
          Ir a Mi Cuenta
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirmar correo">
      {token ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm.submit({});
          }}
        >
          <Typography color="text.secondary">
            Confirma que quieres usar este nuevo correo para iniciar sesión.
          </Typography>
          {confirm.failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {confirm.failure.message}
            </Alert>
          )}
          <SubmitButton
            label="Confirmar mi nuevo correo"
            busy={confirm.busy}
            disabled={!confirm.canSubmit}
          />
        </form>
      ) : (
        <Alert severity="error">{accountMessages.invalidEmailToken}</Alert>
      )}
      <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
        Iniciar sesión
      </Button>
    </AuthCard>
  );
}
