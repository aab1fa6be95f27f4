import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useAdminModules } from '../../api/modules.api';
import type { RoleScope } from '../../machines/roles-permissions.machine';
import * as rp from '../../machines/roles-permissions.selectors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useLeaveGuard } from './roles-leave-guard';
import { RolesMatrix } from './roles-matrix';
import { useRolePermissionsLogic } from './roles-permissions.logic';

interface RolesEditorProps {
  /** The selected club's id, 0 when none (the super admin then sees the platform defaults). */
  clubId: number;
  isSuperAdmin: boolean;
}

/** The role picker, the scope switch (super admin), the matrix and its save button. */
export function RolesEditor({ clubId, isSuperAdmin }: RolesEditorProps) {
  const logic = useRolePermissionsLogic(clubId);
  const actor = useActorRef(logic, { input: { clubId, isSuperAdmin } });
  const view = useSelector(actor, rp.selectView);
  const roles = useSelector(actor, rp.selectRoles);
  const roleId = useSelector(actor, rp.selectRoleId);
  const scope = useSelector(actor, rp.selectScope);
  const configuration = useSelector(actor, rp.selectConfiguration);
  const draft = useSelector(actor, rp.selectDraft);
  const canEdit = useSelector(actor, rp.selectCanEdit);
  const canSave = useSelector(actor, rp.selectCanSave);
  const canSwitch = useSelector(actor, rp.selectCanSwitch);
  const saving = useSelector(actor, rp.selectIsSaving);
  const confirming = useSelector(actor, rp.selectIsConfirmingDiscard);
  const failure = useSelector(actor, rp.selectFailure);
  const leaving = useLeaveGuard(useSelector(actor, rp.selectHasUnsavedChanges));
  const shown = view === 'matrix' && configuration;
  const scopeLabelId = useId();
  const modules = useAdminModules();

  return (
    <Stack sx={{ gap: 2, minWidth: 0 }}>
      {isSuperAdmin && (
        <FormControl disabled={!canSwitch}>
          <FormLabel id={scopeLabelId}>Alcance de los permisos</FormLabel>
          <RadioGroup
            row
            aria-labelledby={scopeLabelId}
            value={scope}
            onChange={(_, value) => actor.send({ type: 'roles.scope', scope: value as RoleScope })}
          >
            <FormControlLabel
              value="club"
              control={<Radio />}
              label="Este club"
              disabled={!canSwitch || clubId === 0}
            />
            <FormControlLabel
              value="platform"
              control={<Radio />}
              label="Valores por defecto de la plataforma"
            />
          </RadioGroup>
        </FormControl>
      )}
      {roles.length > 0 && (
        <Tabs
          value={roleId ?? false}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Roles"
          onChange={(_, value: number) => actor.send({ type: 'roles.select', roleId: value })}
        >
          {roles.map((role) => (
            <Tab key={role.id} value={role.id} label={role.name} disabled={!canSwitch} />
          ))}
        </Tabs>
      )}
      {view === 'loading' && (
        <Skeleton variant="rounded" height={360} role="status" aria-label="Cargando permisos" />
      )}
      {view === 'loadFailed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => actor.send({ type: 'load.retry' })}>
              Reintentar
            </Button>
          }
        >
          {failure?.message}
        </Alert>
      )}
      {shown && (
        <>
          {!configuration.editable && configuration.read_only_reason && (
            <Alert severity="info">{configuration.read_only_reason}</Alert>
          )}
          {view === 'matrix' && failure && <Alert severity="error">{failure.message}</Alert>}
          <RolesMatrix
            configuration={configuration}
            draft={draft}
            canEdit={canEdit}
            modules={modules.data}
            onToggle={(moduleId, permissionId, granted) =>
              actor.send({ type: 'permission.toggle', moduleId, permissionId, granted })
            }
          />
          {configuration.editable && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button
                variant="contained"
                disabled={!canSave || saving}
                aria-busy={saving}
                startIcon={
                  saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
                }
                onClick={() => actor.send({ type: 'permissions.save' })}
              >
                Guardar cambios
              </Button>
            </Stack>
          )}
        </>
      )}
      {/* The same question for another role or scope (the machine) and another page (the router). */}
      <ConfirmDialog
        open={confirming || leaving.asking}
        title="¿Descartar cambios?"
        text={`Los cambios en los permisos de ${configuration?.role.name ?? 'este rol'} no se han guardado y se perderán.`}
        confirmLabel="Descartar cambios"
        onCancel={leaving.asking ? leaving.stay : () => actor.send({ type: 'discard.cancel' })}
        onConfirm={leaving.asking ? leaving.leave : () => actor.send({ type: 'discard.confirm' })}
      />
    </Stack>
  );
}
