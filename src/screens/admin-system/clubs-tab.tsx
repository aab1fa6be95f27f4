import { useMemo } from 'react';
import {
  type AdminClub,
  adminClubStatuses,
  adminClubStatusLabels,
} from '../../../contract/admin-clubs.schema';
import { adminClubsListQuery } from '../../api/admin-clubs.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { adminClubCard, adminClubsColumns, adminClubsGrid } from './admin-system.columns';
import { useClubSuspensionLogic } from './admin-system.logic';
import { ReasonDialog, useReasonRequest } from './reason-dialog';
import { FilterSelect, SystemGridTab } from './system-grid-tab';

/** 'Clubes': every club of the platform; suspend with a reason, reactivate after asking. */
export function ClubsTab() {
  const grid = useServerGrid(adminClubsGrid, adminClubsListQuery);
  const suspension = useConfirmFlow(useClubSuspensionLogic());
  const { asking, running, request } = suspension;
  const toSuspend = useReasonRequest(request, (club: AdminClub) => club.name);
  const columns = useMemo(
    () =>
      adminClubsColumns({
        onSuspend: toSuspend.ask,
        onReactivate: ({ id, name }) => request({ id, name, reason: null }),
      }),
    [request, toSuspend.ask],
  );

  return (
    <SystemGridTab
      grid={grid}
      searchLabel="Buscar por club, propietario o correo"
      filters={
        <FilterSelect
          label="Estado"
          value={grid.filters.status ?? ''}
          onChange={(status) => grid.setFilter('status', status || undefined)}
          allLabel="Todos los estados"
          options={adminClubStatuses}
          labels={adminClubStatusLabels}
          minWidth={180}
        />
      }
      columns={columns}
      card={adminClubCard}
      ariaLabel="Clubes de la plataforma"
      emptyText="Ningún club coincide con la búsqueda o el filtro"
      exportPath="/admin/clubs"
    >
      <ReasonDialog
        {...toSuspend.dialog}
        title={`¿Suspender ${toSuspend.row?.name ?? ''}?`}
        text="Sus miembros dejarán de poder usar el club y verán el motivo. Podrás reactivarlo después."
        confirmLabel="Suspender"
        busy={running}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Reactivar ${asking?.name ?? ''}?`}
        text="Sus miembros podrán volver a usar el club."
        confirmLabel="Reactivar"
        busy={running}
        onCancel={suspension.cancel}
        onConfirm={suspension.confirm}
      />
    </SystemGridTab>
  );
}
