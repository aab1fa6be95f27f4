import Add from '@mui/icons-material/Add';
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
import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import { DISCOUNT_DIALOG_OPTIONS } from '../../machines/discounts.actors';
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
  const editor = useSaveFlow(useDiscountDialogLogic(clubId), DISCOUNT_DIALOG_OPTIONS);
  const assigner = useSaveFlow(useDiscountPlayersLogic(clubId), DISCOUNT_DIALOG_OPTIONS);
  const remover = useConfirmFlow(useDiscountDeleteLogic(clubId));
  const { open: edit } = editor;
  const { open: assign } = assigner;
  const { asking, request: remove } = remover;
  const columns = useMemo(
    () =>
      discountsColumns({
        canChangeStatus: canUpdate,
        changeStatus: (id, status) => changeDiscountStatus(clubId, id, status),
        refresh,
        onEdit: canUpdate ? edit : undefined,
        onDelete: canDelete ? ({ id, name }) => remove({ id, name }) : undefined,
        more: canAssign ? [assignPlayersButton(({ id, name }) => assign({ id, name }))] : [],
      }),
    [clubId, canUpdate, canDelete, canAssign, edit, assign, remove, refresh],
  );
  const create = () => edit(null);

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
        open={editor.isOpen}
        discount={editor.subject}
        busy={editor.busy}
        failure={editor.failure}
        onCancel={editor.close}
        onSave={editor.submit}
      />
      <DiscountPlayersDialog
        clubId={clubId}
        open={assigner.isOpen}
        discount={assigner.subject}
        busy={assigner.busy}
        failure={assigner.failure}
        onCancel={assigner.close}
        onSave={assigner.submit}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar el descuento ${asking?.name ?? ''}?`}
        text="El descuento se borra del club. Si ya está asignado a jugadores o cobros, desactívalo en su lugar."
        confirmLabel="Eliminar"
        busy={remover.running}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </ListPage>
  );
}
