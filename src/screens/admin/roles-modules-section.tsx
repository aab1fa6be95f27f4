import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { Module } from '../../../contract/modules.schema';
import { useAdminModules, useToggleModule } from '../../api/admin-roles.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** Why someone who is not the super admin sees the switches without using them. */
export const MODULES_READ_ONLY_REASON =
  'Solo el super administrador puede activar o desactivar módulos: el cambio afecta a todos los clubes.';

/**
 * 'Módulos activos': one switch per module, platform-wide. Switching one off asks first (it
 * disappears for every club); the super admin alone may use them.
 */
export function RolesModulesSection({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const modules = useAdminModules();
  const toggle = useToggleModule();
  const auth = AuthContext.useActorRef();
  const { enqueueSnackbar } = useSnackbar();
  const [toSwitchOff, setToSwitchOff] = useState<Module | null>(null);

  const send = (module: Module, isActive: boolean) =>
    toggle.mutate(
      { id: module.id, isActive },
      {
        onSuccess: () => {
          enqueueSnackbar(`Módulo ${module.name} ${isActive ? 'activado' : 'desactivado'}`);
          // The sidebar shows the modules: read the session again.
          auth.send({ type: 'auth.refreshUser' });
        },
        onError: (error) => enqueueSnackbar(error.message, { variant: 'destructive' }),
        onSettled: () => setToSwitchOff(null),
      },
    );

  let body;
  if (modules.isPending) {
    body = <Skeleton variant="rounded" height={160} aria-label="Cargando módulos" />;
  } else if (modules.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void modules.refetch()}>
            Reintentar
          </Button>
        }
      >
        {modules.error.message}
      </Alert>
    );
  } else {
    body = (
      <Stack
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {modules.data.map((module) => (
          <FormControlLabel
            key={module.id}
            label={module.name}
            control={
              <Switch
                checked={module.is_active}
                disabled={!isSuperAdmin || toggle.isPending}
                onChange={(_, checked) => (checked ? send(module, true) : setToSwitchOff(module))}
              />
            }
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="roles-modules-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="roles-modules-title" variant="h2" sx={{ mb: 2 }}>
        Módulos activos
      </Typography>
      {!isSuperAdmin && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MODULES_READ_ONLY_REASON}
        </Alert>
      )}
      {body}
      <ConfirmDialog
        open={toSwitchOff !== null}
        title={`¿Desactivar ${toSwitchOff?.name ?? 'el módulo'}?`}
        text="El módulo dejará de estar disponible en todos los clubes hasta que lo vuelvas a activar."
        confirmLabel="Desactivar"
        busy={toggle.isPending}
        onCancel={() => setToSwitchOff(null)}
        onConfirm={() => toSwitchOff && send(toSwitchOff, false)}
      />
    </Paper>
  );
}
