import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAdminModules } from '../../api/modules.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { isShownActive, moduleSwitchRequest } from '../../machines/modules.actors';
import { useModuleToggleLogic } from './roles-modules.logic';

/** Why someone who is not the super admin sees the switches without using them. */
export const MODULES_READ_ONLY_REASON =
  'Solo el super administrador puede activar o desactivar módulos: el cambio afecta a todos los clubes.';

/**
 * 'Módulos activos': one switch per module, platform-wide. Switching one off asks first (it
 * disappears for every club); the super admin alone may use them.
 */
export function RolesModulesSection({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const modules = useAdminModules();
  const toggle = useConfirmFlow(useModuleToggleLogic());
  const { asking: toSwitchOff, running: toggling, inFlight } = toggle;

  let body;
  if (modules.isPending) {
    body = <Skeleton variant="rounded" height={160} role="status" aria-label="Cargando módulos" />;
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
                checked={isShownActive(module, inFlight)}
                disabled={!isSuperAdmin || toggling}
                onChange={(_, isActive) => toggle.actor.send(moduleSwitchRequest(module, isActive))}
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
        busy={toggling}
        onCancel={toggle.cancel}
        onConfirm={toggle.confirm}
      />
    </Paper>
  );
}
