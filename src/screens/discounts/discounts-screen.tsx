import Add from '@mui/icons-material/Add';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  discountKindLabels,
  discountKinds,
  discountStatuses,
} from '../../../contract/discounts.schema';
import {
  changeDiscountStatus,
  discountsListQuery,
  useInvalidateDiscounts,
} from '../../api/discounts.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { DISCOUNT_DIALOG_OPTIONS } from '../../machines/discounts.actors';
import * as dialog from '../../machines/save.selectors';
import { DiscountDialog } from './discount-dialog';
import { DiscountPlayersDialog } from './discount-holders-dialog';
import {
  assignPlayersButton,
  discountCard,
  discountStatusLabels,
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
  return (
    <ClubScreen title="Descuentos" needs="sus descuentos">
      {(clubId) => <ClubDiscounts clubId={clubId} />}
    </ClubScreen>
  );
}

/** The grid's filters beside the search by name or description: the kind and the status. */
const filters: ListFilter[] = [
  {
    name: 'kind',
    label: 'Tipo',
    id: 'discounts-kind-filter',
    all: 'Todos los tipos',
    options: optionsOf(discountKinds, discountKindLabels),
  },
  {
    name: 'status',
    label: 'Estado',
    id: 'discounts-status-filter',
    all: 'Todos los estados',
    options: optionsOf(discountStatuses, discountStatusLabels),
  },
];

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

  return (
    <ListPage
      title="Descuentos"
      grid={grid}
      create={canCreate ? { label: 'Nuevo descuento', icon: <Add />, onClick: create } : undefined}
      firstRun={{
        title: 'Crea tu primer descuento',
        text: 'Un descuento rebaja los cobros de algunos jugadores: un porcentaje (Beca 100 %), un valor fijo o un plan hermanos (el 2.º hijo 15 %, el 3.º 25 %).',
        createLabel: 'Crear descuento',
      }}
      searchLabel="Buscar por nombre o descripción"
      filters={filters}
      columns={columns}
      card={discountCard(canUpdate || canDelete)}
      ariaLabel="Descuentos del club"
      emptyText="Ningún descuento coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/discounts`}
    >
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
    </ListPage>
  );
}
