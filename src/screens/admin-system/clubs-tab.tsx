import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import {
  type AdminClub,
  type AdminClubStatus,
  adminClubStatuses,
  adminClubStatusLabels,
} from '../../../contract/admin-clubs.schema';
import { adminClubsListQuery } from '../../api/admin-clubs.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { adminClubCard, adminClubsColumns, adminClubsGrid } from './admin-system.columns';
import { useClubSuspensionLogic } from './admin-system.logic';
import { ReasonDialog } from './reason-dialog';

/** 'Clubes': every club of the platform; suspend with a reason, reactivate after asking. */
export function ClubsTab() {
  const grid = useServerGrid(adminClubsGrid, adminClubsListQuery);
  const suspension = useActorRef(useClubSuspensionLogic());
  const asking = useSelector(suspension, selectAsking);
  const running = useSelector(suspension, selectIsRunning);
  const [toSuspend, setToSuspend] = useState<AdminClub | null>(null);
  const columns = useMemo(
    () =>
      adminClubsColumns({
        onSuspend: setToSuspend,
        onReactivate: ({ id, name }) =>
          suspension.send({
            type: 'action.request',
            subject: { id, name, reason: null },
            confirm: true,
          }),
      }),
    [suspension],
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField
          label="Buscar por club, propietario o correo"
          type="search"
          value={grid.searchText}
          onChange={(event) => grid.setSearchText(event.target.value)}
          margin="none"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label="Estado"
          value={grid.filters.status ?? ''}
          onChange={(event) =>
            grid.setFilter(
              'status',
              (event.target.value || undefined) as AdminClubStatus | undefined,
            )
          }
          margin="none"
          sx={{ minWidth: { sm: 180 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Todos los estados</MenuItem>
          {adminClubStatuses.map((each) => (
            <MenuItem key={each} value={each}>
              {adminClubStatusLabels[each]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ServerDataGrid
        grid={grid}
        columns={columns}
        card={adminClubCard}
        ariaLabel="Clubes de la plataforma"
        emptyText="Ningún club coincide con la búsqueda o el filtro"
        exportName="clubes-de-la-plataforma"
      />
      <ReasonDialog
        open={toSuspend !== null}
        title={`¿Suspender ${toSuspend?.name ?? ''}?`}
        text="Sus miembros dejarán de poder usar el club y verán el motivo. Podrás reactivarlo después."
        confirmLabel="Suspender"
        busy={running}
        onCancel={() => setToSuspend(null)}
        onConfirm={(reason) => {
          if (toSuspend)
            suspension.send({
              type: 'action.request',
              subject: { id: toSuspend.id, name: toSuspend.name, reason },
              confirm: false,
            });
          setToSuspend(null);
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Reactivar ${asking?.name ?? ''}?`}
        text="Sus miembros podrán volver a usar el club."
        confirmLabel="Reactivar"
        busy={running}
        onCancel={() => suspension.send({ type: 'action.cancel' })}
        onConfirm={() => suspension.send({ type: 'action.confirm' })}
      />
    </>
  );
}
