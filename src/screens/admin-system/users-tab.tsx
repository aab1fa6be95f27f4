import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../contract/admin-users.schema';
import { adminUsersListQuery } from '../../api/admin-users.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { adminUserCard, adminUsersColumns, adminUsersGrid, fullName } from './admin-system.columns';
import { useUserRowLogic } from './admin-system.logic';
import { MembershipsDrawer } from './memberships-drawer';
import { ReasonDialog } from './reason-dialog';

const lockedOptions = { '': 'Todos', true: 'Bloqueados', false: 'Sin bloqueo' } as const;

/** 'Usuarios': every account; lock with a reason, unlock, reset e-mail, their clubs. */
export function UsersTab() {
  const grid = useServerGrid(adminUsersGrid, adminUsersListQuery);
  const rows = useUserRowLogic();
  const locker = useActorRef(rows.lock);
  const resetter = useActorRef(rows.reset);
  const unlocking = useSelector(locker, selectAsking);
  const locking = useSelector(locker, selectIsRunning);
  const resetting = useSelector(resetter, selectAsking);
  const sending = useSelector(resetter, selectIsRunning);
  const [toLock, setToLock] = useState<AdminUser | null>(null);
  const [shown, setShown] = useState<{ id: number; name: string } | null>(null);
  const columns = useMemo(
    () =>
      adminUsersColumns({
        onLock: setToLock,
        onUnlock: (user) =>
          locker.send({
            type: 'action.request',
            subject: { id: user.id, name: fullName(user), reason: null },
            confirm: true,
          }),
        onReset: (user) =>
          resetter.send({
            type: 'action.request',
            subject: { id: user.id, name: fullName(user) },
            confirm: true,
          }),
        onMemberships: (user) => setShown({ id: user.id, name: fullName(user) }),
      }),
    [locker, resetter],
  );
  const locked = grid.filters.locked;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField
          label="Buscar por nombre, correo o documento"
          type="search"
          value={grid.searchText}
          onChange={(event) => grid.setSearchText(event.target.value)}
          margin="none"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label="Bloqueo"
          value={locked === undefined || locked === null ? '' : String(locked)}
          onChange={(event) =>
            grid.setFilter(
              'locked',
              event.target.value === '' ? undefined : event.target.value === 'true',
            )
          }
          margin="none"
          sx={{ minWidth: { sm: 180 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {Object.entries(lockedOptions).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={adminUserCard}
        ariaLabel="Usuarios de la plataforma"
        emptyText="Ningún usuario coincide con la búsqueda o el filtro"
        exportName="usuarios-de-la-plataforma"
      />
      <ReasonDialog
        open={toLock !== null}
        title={`¿Bloquear a ${toLock ? fullName(toLock) : ''}?`}
        text="Sus sesiones se cierran y no podrá ingresar hasta que lo desbloquees."
        confirmLabel="Bloquear"
        busy={locking}
        onCancel={() => setToLock(null)}
        onConfirm={(reason) => {
          if (toLock)
            locker.send({
              type: 'action.request',
              subject: { id: toLock.id, name: fullName(toLock), reason },
              confirm: false,
            });
          setToLock(null);
        }}
      />
      <ConfirmDialog
        open={unlocking !== null}
        title={`¿Desbloquear a ${unlocking?.name ?? ''}?`}
        text="Podrá volver a iniciar sesión."
        confirmLabel="Desbloquear"
        busy={locking}
        onCancel={() => locker.send({ type: 'action.cancel' })}
        onConfirm={() => locker.send({ type: 'action.confirm' })}
      />
      <ConfirmDialog
        open={resetting !== null}
        title={`¿Enviar el correo de restablecimiento a ${resetting?.name ?? ''}?`}
        text="Recibirá un enlace de un solo uso, válido por 60 minutos, para elegir una contraseña nueva."
        confirmLabel="Enviar correo"
        busy={sending}
        onCancel={() => resetter.send({ type: 'action.cancel' })}
        onConfirm={() => resetter.send({ type: 'action.confirm' })}
      />
      <MembershipsDrawer user={shown} onClose={() => setShown(null)} />
    </>
  );
}
