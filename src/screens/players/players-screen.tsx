import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  changePlayerStatus,
  playersListQuery,
  useActiveCategories,
  useInvalidatePlayers,
} from '../../api/players.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { SentLinkRequestsButton } from '../link-requests/sent-link-requests-button';
import { PlayerImportButton } from '../player-imports/player-import-button';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { mayCall } from '../../lib/api-access';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { GuardianInviteDialog } from './guardian-invite-dialog';
import { PlayersDiscountDialog, usePlayersDiscount } from './players-discount-dialog';
import { PlayersSelectionBar, useGuardianInvite } from './players-guardian-invite';
import { PlayersSections } from './players-sections';
import { PlayersToolbar } from './players-toolbar';
import { fullName, playerCard, playersColumns, playersGrid } from './players.columns';
import { playerFormPath, usePlayerDeleteLogic } from './players.logic';

/** /home/players: the selected club's players by category section (issue #11). */
export function PlayersScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubPlayers key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Jugadores
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus jugadores.
          </Alert>
        </>
      )}
    </Box>
  );
}

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
  const remover = useActorRef(usePlayerDeleteLogic(clubId));
  const asking = useSelector(remover, selectAsking);
  const deleting = useSelector(remover, selectIsRunning);
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
          ? ({ id, name, lastname }) =>
              remover.send({
                type: 'action.request',
                subject: { id, name, lastname },
                confirm: true,
              })
          : undefined,
      }),
    [clubId, canUpdate, canDelete, navigate, remover, refresh, openInvite],
  );
  const { q, categorySection, status, gender, birth_year } = grid.params;
  // The club has none at all: not a section, a search or a filter that hides them.
  const noneYet =
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    categorySection === undefined &&
    !status &&
    !gender &&
    !birth_year;
  const asked = asking ? fullName(asking) : '';

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Jugadores</Typography>
        {canCreate && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <SentLinkRequestsButton clubId={clubId} kind="player" />
            <PlayerImportButton clubId={clubId} />
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to={playerFormPath()}
            >
              Nuevo jugador
            </Button>
          </Stack>
        )}
      </Stack>
      {noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Agrega tu primer jugador
          </Typography>
          <Typography sx={{ mb: canCreate ? 2 : 0 }}>
            Registra a los jugadores del club con su categoría y, si son menores, su acudiente, o
            impórtalos desde tu hoja de cálculo con «Importar» (CSV o Excel).
          </Typography>
          {canCreate && (
            <Button
              variant="outlined"
              startIcon={<Add />}
              component={RouterLink}
              to={playerFormPath()}
            >
              Agregar jugador
            </Button>
          )}
        </Paper>
      ) : (
        <>
          {canSeeCategories && (
            <PlayersSections
              categories={categories}
              value={grid.filters.categorySection}
              onChange={(section) => grid.setFilter('categorySection', section)}
            />
          )}
          <PlayersToolbar
            search={grid.searchText}
            onSearch={grid.setSearchText}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
            gender={grid.filters.gender}
            onGender={(value) => grid.setFilter('gender', value)}
            birthYear={grid.filters.birth_year}
            onBirthYear={(value) => grid.setFilter('birth_year', value)}
          />
          {canUpdate && (
            <PlayersSelectionBar
              selected={selected}
              onInvite={invite.open}
              onAssignDiscount={canAssignDiscount ? discount.open : undefined}
            />
          )}
          <ServerDataGrid
            grid={grid}
            checkboxSelection={canUpdate}
            columns={columns}
            card={playerCard(canUpdate || canDelete)}
            ariaLabel="Jugadores del club"
            emptyText="Ningún jugador coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/players`}
          />
        </>
      )}
      <GuardianInviteDialog {...invite.dialogProps} />
      <PlayersDiscountDialog {...discount.dialogProps} />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar a ${asked} del club?`}
        text={`${asked} dejará el club. Su historial (pagos, asistencia) se conserva.`}
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={() => remover.send({ type: 'action.cancel' })}
        onConfirm={() => remover.send({ type: 'action.confirm' })}
      />
    </>
  );
}
