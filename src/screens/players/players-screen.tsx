import Add from '@mui/icons-material/Add';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { personStatusLabels, personStatuses } from '../../../contract/people.schema';
import { personGenderLabels, personGenders } from '../../../contract/profile.schema';
import {
  changePlayerStatus,
  playersListQuery,
  useActiveCategories,
  useInvalidatePlayers,
} from '../../api/players.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { SentLinkRequestsButton } from '../link-requests/sent-link-requests-button';
import { PlayerImportButton } from '../player-imports/player-import-button';
import { mayCall } from '../../lib/api-access';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions } from '../../machines/auth.selectors';
import { GuardianInviteDialog } from './guardian-invite-dialog';
import { PlayersDiscountDialog, usePlayersDiscount } from './players-discount-dialog';
import { PlayersSelectionBar, useGuardianInvite } from './players-guardian-invite';
import { PlayersSections } from './players-sections';
import { fullName, playerCard, playersColumns, playersGrid } from './players.columns';
import { playerFormPath, usePlayerDeleteLogic } from './players.logic';

/** /home/players: the selected club's players by category section (issue #11). */
export function PlayersScreen() {
  return (
    <ClubScreen title="Jugadores" needs="sus jugadores" maxWidth={1400}>
      {(clubId) => <ClubPlayers clubId={clubId} />}
    </ClubScreen>
  );
}

/** The birth years a club's players may have: this year back 70 years. */
const birthYears = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: 70 }, (_, index) => now - index);
})();

/** Beside the search by name, document or guardian: the status, gender and birth year. */
const filters: ListFilter[] = [
  {
    name: 'status',
    label: 'Estado',
    id: 'players-status-filter',
    all: 'Todos los estados',
    options: optionsOf(personStatuses, personStatusLabels),
    minWidth: 170,
  },
  {
    name: 'gender',
    label: 'Género',
    id: 'players-gender-filter',
    all: 'Todos los géneros',
    options: optionsOf(personGenders, personGenderLabels),
    minWidth: 170,
  },
  {
    name: 'birth_year',
    label: 'Año de nacimiento',
    id: 'players-birth-year-filter',
    all: 'Todos los años',
    options: birthYears.map((year) => ({ value: year, label: String(year) })),
    minWidth: 170,
  },
];

function ClubPlayers({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canCreate = hasPermission(permissions, 'players.create');
  const canUpdate = hasPermission(permissions, 'players.update');
  const canDelete = hasPermission(permissions, 'players.delete');
  const navigate = useNavigate();
  const grid = useServerGrid(playersGrid, playersListQuery(clubId));
  // A trainer sees players without the categories module: no sections, the column says it.
  const canSeeCategories = hasPermission(permissions, 'categories.view');
  const categories = useActiveCategories(clubId, canSeeCategories).data?.data ?? [];
  const refresh = useInvalidatePlayers(clubId);
  const remover = useConfirmFlow(usePlayerDeleteLogic(clubId));
  const { asking, request: remove } = remover;
  const invite = useGuardianInvite(clubId);
  const discount = usePlayersDiscount(clubId);
  const canAssignDiscount = mayCall(
    permissions,
    'PATCH /api/pla_club_teams/:id/discounts/:discountId/players',
  );
  const openInvite = invite.open;
  const selectedIds = new Set(grid.selectedIds);
  const selected = grid.rows.filter((row) => selectedIds.has(row.id));
  const columns = useMemo(
    () =>
      playersColumns({
        canChangeStatus: canUpdate,
        changeStatus: (id, status) => changePlayerStatus(clubId, id, status),
        refresh,
        onEdit: canUpdate ? ({ id }) => void navigate(playerFormPath(id)) : undefined,
        onInviteGuardian: canUpdate ? (player) => openInvite([player]) : undefined,
        onDelete: canDelete
          ? ({ id, name, lastname }) => remove({ id, name, lastname })
          : undefined,
      }),
    [clubId, canUpdate, canDelete, navigate, remove, refresh, openInvite],
  );
  const asked = asking ? fullName(asking) : '';

  return (
    <ListPage
      title="Jugadores"
      grid={grid}
      create={
        canCreate ? { label: 'Nuevo jugador', icon: <Add />, to: playerFormPath() } : undefined
      }
      actions={
        canCreate && (
          <>
            <SentLinkRequestsButton clubId={clubId} kind="player" />
            <PlayerImportButton clubId={clubId} />
          </>
        )
      }
      firstRun={{
        title: 'Agrega tu primer jugador',
        text: 'Registra a los jugadores del club con su categoría y, si son menores, su acudiente, o impórtalos desde tu hoja de cálculo con «Importar» (CSV o Excel).',
        createLabel: 'Agregar jugador',
      }}
      header={
        canSeeCategories && (
          <PlayersSections
            categories={categories}
            value={grid.filters.categorySection}
            onChange={(section) => grid.setFilter('categorySection', section)}
          />
        )
      }
      // A section hides players as a filter does.
      narrowed={grid.params.categorySection !== undefined}
      searchLabel="Buscar por nombre, documento o acudiente"
      filters={filters}
      filtersRowFrom="md"
      bulkActions={
        canUpdate && (
          <PlayersSelectionBar
            selected={selected}
            onInvite={invite.open}
            onAssignDiscount={canAssignDiscount ? discount.open : undefined}
          />
        )
      }
      checkboxSelection={canUpdate}
      columns={columns}
      card={playerCard(canUpdate || canDelete)}
      ariaLabel="Jugadores del club"
      emptyText="Ningún jugador coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/players`}
    >
      <GuardianInviteDialog {...invite.dialogProps} />
      <PlayersDiscountDialog {...discount.dialogProps} />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar a ${asked} del club?`}
        text={`${asked} dejará el club. Su historial (pagos, asistencia) se conserva.`}
        confirmLabel="Eliminar"
        busy={remover.running}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </ListPage>
  );
}
