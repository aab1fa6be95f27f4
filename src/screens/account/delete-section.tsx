import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AccountDeleteInput,
  DELETE_CONFIRMATION_WORD,
  accountDeleteSchema,
} from '../../../contract/account.schema';
import { deleteAccount } from '../../api/account.api';
import { AuthContext } from '../../app/auth-context';
import { FormDialog } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { FormTextField } from '../../components/form/form-text-field';
import { toast } from '../../components/toaster';
import { createAccountFormImplementations } from '../../machines/account.actors';
import { AccountSection, FormFailure, useAccountForm } from './account-form';

const FIELDS = ['password', 'confirmation'] as const;

/** What deleting the account means, said before anything else. */
export const DELETE_CONSEQUENCES = [
  'Ya no podrás iniciar sesión y se cerrarán todas tus sesiones.',
  'Se borran tu nombre, correo, teléfono, documento y foto, y sales de todos tus clubes.',
  'Los pagos y recibos se quedan en los clubes para su contabilidad, sin tu nombre (aparecerás como "Usuario eliminado").',
  'No se puede deshacer. Si eres el único propietario de un club activo, primero nombra a otro propietario o archiva el club.',
];

/** 'Eliminar mi cuenta': the consequences, then the password and the word ELIMINAR. */
export function DeleteSection() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const auth = AuthContext.useActorRef();
  const form = useForm<AccountDeleteInput>({
    resolver: zodResolver(accountDeleteSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const remove = useAccountForm(() =>
    createAccountFormImplementations({
      send: (values) => deleteAccount(values as AccountDeleteInput),
      done: ({ message }) => {
        toast(message);
        // The server ended every session already; this tab (and the others) sign out.
        auth.send({ type: 'auth.logout' });
      },
    }),
  );
  useServerFieldErrors(form, remove.failure, FIELDS);

  return (
    <AccountSection id="eliminar" title="Eliminar mi cuenta">
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        {DELETE_CONSEQUENCES.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Eliminar mi cuenta
      </Button>
      <FormDialog
        open={open}
        busy={remove.busy}
        onCancel={() => setOpen(false)}
        dirty={form.formState.isDirty}
        aria-labelledby={titleId}
      >
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit((values) => remove.submit(values))}
        >
          <DialogTitle id={titleId}>¿Eliminar tu cuenta?</DialogTitle>
          <DialogContent>
            <Typography variant="body2">
              Esta acción no se puede deshacer. Escribe tu contraseña y la palabra{' '}
              <strong>{DELETE_CONFIRMATION_WORD}</strong> para confirmar.
            </Typography>
            <FormTextField
              label="Tu contraseña"
              type="password"
              autoComplete="current-password"
              {...textFieldProps(form, 'password')}
            />
            <FormTextField
              label={`Escribe ${DELETE_CONFIRMATION_WORD}`}
              autoComplete="off"
              {...textFieldProps(form, 'confirmation')}
            />
            <FormFailure message={remove.failure?.message} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={remove.busy}>
              Cancelar
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={remove.busy || !remove.canSubmit}
              aria-busy={remove.busy}
            >
              Eliminar mi cuenta
            </Button>
          </DialogActions>
        </Box>
      </FormDialog>
    </AccountSection>
  );
}
