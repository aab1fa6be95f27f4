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
import { Link as RouterLink } from 'react-router';
import {
  changeDiscountStatus,
  discountsListQuery,
  useInvalidateDiscounts,
} from '../../api/discounts.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { mayCall } from '../../lib/api-access';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { DISCOUNT_DIALOG_OPTIONS } from '../../machines/discounts.actors';
import * as dialog from '../../machines/save.selectors';
import { DiscountDialog } from './discount-dialog';
import { DiscountsToolbar } from './discounts-toolbar';
import { DiscountPlayersDialog } from './discount-players-dialog';
import {
  assignPlayersButton,
  discountCard,
  discountsColumns,
  discountsGrid,
} from './discounts.columns';
import {
  useDiscountDeleteLogic,
  useDiscountDialogLogic,
  useDiscountPlayersLogic,
} from './discounts.logic';

/** /home/discounts: the selected club's discount catalogue (issue #12). */
export function DiscountsScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubDiscounts key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Descuentos
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus descuentos.
          </Alert>
        </>
      )}
    </Box>
  );
}

function ClubDiscounts({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  // The buttons follow the server's table (contract/access-table.ts): creating needs what editing does.
  const canCreate = mayCall(permissions, 'POST /api/pla_club_teams/:id/discounts');
  const canUpdate = mayCall(permissions, 'PATCH /api/pla_club_teams/:id/discounts/:discountId');
  const canDelete = mayCall(permissions, 'DELETE /api/pla_club_teams/:id/discounts/:discountId');
  const canAssign = mayCall(
    permissions,
    'PATCH /api/pla_club_teams/:id/discounts/:discountId/players',
  );
  const grid = useServerGrid(discountsGrid, discountsListQuery(clubId));
  const refresh = useInvalidateDiscounts(clubId);
  const editor = useActorRef(useDiscountDialogLogic(clubId), { input: DISCOUNT_DIALOG_OPTIONS });
  const editorOpen = useSelector(editor, dialog.selectIsOpen);
  const editing = useSelector(editor, dialog.selectSubject);
  const saving = useSelector(editor, dialog.selectIsSaving);
  const failure = useSelector(editor, dialog.selectFailure);
  const assigner = useActorRef(useDiscountPlayersLogic(clubId), {
    input: DISCOUNT_DIALOG_OPTIONS,
  });
  const assignOpen = useSelector(assigner, dialog.selectIsOpen);
  const assigning = useSelector(assigner, dialog.selectSubject);
  const assignSaving = useSelector(assigner, dialog.selectIsSaving);
  const assignFailure = useSelector(assigner, dialog.selectFailure);
  const remover = useActorRef(useDiscountDeleteLogic(clubId));
  const asking = useSelector(remover, selectAsking);
  const deleting = useSelector(remover, selectIsRunning);
  const columns = useMemo(
    () =>
      discountsColumns({
        canChangeStatus: canUpdate,
        changeStatus: (id, status) => changeDiscountStatus(clubId, id, status),
        refresh,
        onEdit: canUpdate
          ? (discount) => editor.send({ type: 'save.open', subject: discount })
          : undefined,
        onDelete: canDelete
          ? ({ id, name }) =>
              remover.send({ type: 'action.request', subject: { id, name }, confirm: true })
          : undefined,
        more: canAssign
          ? [
              assignPlayersButton(({ id, name }) =>
                assigner.send({ type: 'save.open', subject: { id, name } }),
              ),
            ]
          : [],
      }),
    [clubId, canUpdate, canDelete, canAssign, editor, assigner, remover, refresh],
  );
  const create = () => editor.send({ type: 'save.open', subject: null });
  const { q, kind, status } = grid.params;
  // The club has none at all: not a search or a filter that hides them.
  const noneYet =
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    !kind &&
    !status;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Descuentos</Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={create}>
            Nuevo descuento
          </Button>
        )}
      </Stack>
      {noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Crea tu primer descuento
          </Typography>
          <Typography sx={{ mb: canCreate ? 2 : 0 }}>
            Un descuento rebaja los cobros de algunos jugadores: un porcentaje (Beca 100 %), un
            valor fijo o un plan hermanos (el 2.º hijo 15 %, el 3.º 25 %).
          </Typography>
          {canCreate && (
            <Button variant="outlined" startIcon={<Add />} onClick={create}>
              Crear descuento
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <DiscountsToolbar
            search={grid.searchText}
            onSearch={grid.setSearchText}
            kind={grid.filters.kind}
            onKind={(value) => grid.setFilter('kind', value)}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
          />
          <ServerDataGrid
            grid={grid}
            columns={columns}
            card={discountCard(canUpdate || canDelete)}
            ariaLabel="Descuentos del club"
            emptyText="Ningún descuento coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/discounts`}
          />
        </>
      )}
      <DiscountDialog
        open={editorOpen}
        discount={editing}
        busy={saving}
        failure={failure}
        onCancel={() => editor.send({ type: 'save.close' })}
        onSave={(values) => editor.send({ type: 'save.submit', values })}
      />
      <DiscountPlayersDialog
        clubId={clubId}
        open={assignOpen}
        discount={assigning}
        busy={assignSaving}
        failure={assignFailure}
        onCancel={() => assigner.send({ type: 'save.close' })}
        onSave={(values) => assigner.send({ type: 'save.submit', values })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar el descuento ${asking?.name ?? ''}?`}
        text="El descuento se borra del club. Si ya está asignado a jugadores o cobros, desactívalo en su lugar."
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={() => remover.send({ type: 'action.cancel' })}
        onConfirm={() => remover.send({ type: 'action.confirm' })}
      />
    </>
  );
}
