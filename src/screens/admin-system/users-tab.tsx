import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../contract/admin-users.schema';
import { adminUsersListQuery } from '../../api/admin-users.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { adminUserCard, adminUsersColumns, adminUsersGrid, fullName } from './admin-system.columns';
import { useUserRowLogic } from './admin-system.logic';
import { MembershipsDrawer } from './memberships-drawer';
import { ReasonDialog, useReasonRequest } from './reason-dialog';
import { FilterSelect, SystemGridTab } from './system-grid-tab';

const lockedValues = ['true', 'false'] as const;
const lockedLabels = { true: 'Bloqueados', false: 'Sin bloqueo' } as const;

/** 'Usuarios': every account; lock with a reason, unlock, reset e-mail, their clubs. */
export function UsersTab() {
  const grid = useServerGrid(adminUsersGrid, adminUsersListQuery);
  const rows = useUserRowLogic();
  const locker = useConfirmFlow(rows.lock);
  const resetter = useConfirmFlow(rows.reset);
  const { asking: unlocking, running: locking, request: lock } = locker;
  const { asking: resetting, running: sending, request: reset } = resetter;
  const toLock = useReasonRequest(lock, (user: AdminUser) => fullName(user));
  const [shown, setShown] = useState<{ id: number; name: string } | null>(null);
  const columns = useMemo(
    () =>
      adminUsersColumns({
        onLock: toLock.ask,
        onUnlock: (user) => lock({ id: user.id, name: fullName(user), reason: null }),
        onReset: (user) => reset({ id: user.id, name: fullName(user) }),
        onMemberships: (user) => setShown({ id: user.id, name: fullName(user) }),
      }),
    [lock, reset, toLock.ask],
  );
  const locked = grid.filters.locked;

  return (
    <SystemGridTab
      grid={grid}
      searchLabel="Buscar por nombre, correo o documento"
      filters={
        <FilterSelect
          label="Bloqueo"
          value={locked === undefined || locked === null ? '' : String(locked)}
          onChange={(value) =>
            grid.setFilter('locked', value === '' ? undefined : value === 'true')
          }
          allLabel="Todos"
          options={lockedValues}
          labels={lockedLabels}
          minWidth={180}
        />
      }
      columns={columns}
      card={adminUserCard}
      ariaLabel="Usuarios de la plataforma"
      emptyText="Ningún usuario coincide con la búsqueda o el filtro"
      exportPath="/admin/users"
    >
      <ReasonDialog
        {...toLock.dialog}
        title={`¿Bloquear a ${toLock.row ? fullName(toLock.row) : ''}?`}
        text="Sus sesiones se cierran y no podrá ingresar hasta que lo desbloquees."
        confirmLabel="Bloquear"
        busy={locking}
      />
      <ConfirmDialog
        open={unlocking !== null}
        title={`¿Desbloquear a ${unlocking?.name ?? ''}?`}
        text="Podrá volver a iniciar sesión."
        confirmLabel="Desbloquear"
        busy={locking}
        onCancel={locker.cancel}
        onConfirm={locker.confirm}
      />
      <ConfirmDialog
        open={resetting !== null}
        title={`¿Enviar el correo de restablecimiento a ${resetting?.name ?? ''}?`}
        text="Recibirá un enlace de un solo uso, válido por 60 minutos, para elegir una contraseña nueva."
        confirmLabel="Enviar correo"
        busy={sending}
        onCancel={resetter.cancel}
        onConfirm={resetter.confirm}
      />
      <MembershipsDrawer user={shown} onClose={() => setShown(null)} />
    </SystemGridTab>
  );
}
