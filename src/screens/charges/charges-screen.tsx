import Add from '@mui/icons-material/Add';
import { useMemo } from 'react';
import {
  chargeConceptLabels,
  chargeConcepts,
  chargeStatuses,
} from '../../../contract/charges.schema';
import { changeChargeStatus, chargesListQuery, useInvalidateCharges } from '../../api/charges.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import { CHARGE_DIALOG_OPTIONS } from '../../machines/charges.actors';
import { ChargeDialog } from './charge-dialog';
import { chargeCard, chargesColumns, chargesGrid } from './charges.columns';
import { useChargeDeleteLogic, useChargeDialogLogic } from './charges.logic';

/** /home/chargers ('Cobros'): what the selected club bills (issue #12). */
export function ChargesScreen() {
  return (
    <ClubScreen title="Cobros" needs="sus cobros">
      {(clubId) => <ClubCharges clubId={clubId} />}
    </ClubScreen>
  );
}

/** The grid's filters beside the search by name: the concept and the status. */
const filters: ListFilter[] = [
  {
    name: 'concept',
    label: 'Concepto',
    id: 'charges-concept-filter',
    all: 'Todos los conceptos',
    options: optionsOf(chargeConcepts, chargeConceptLabels),
  },
  {
    name: 'status',
    label: 'Estado',
    id: 'charges-status-filter',
    all: 'Todos los estados',
    options: optionsOf(chargeStatuses, { active: 'Activos', inactive: 'Inactivos' }),
  },
];

function ClubCharges({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  // The buttons follow the server's table (contract/access-table.ts): creating needs what editing does.
  const canCreate = mayCall(permissions, 'POST /api/pla_club_teams/:id/charges');
  const canUpdate = mayCall(permissions, 'PATCH /api/pla_club_teams/:id/charges/:chargeId');
  const canDelete = mayCall(permissions, 'DELETE /api/pla_club_teams/:id/charges/:chargeId');
  const grid = useServerGrid(chargesGrid, chargesListQuery(clubId));
  const refresh = useInvalidateCharges(clubId);
  const editor = useSaveFlow(useChargeDialogLogic(clubId), CHARGE_DIALOG_OPTIONS);
  const remover = useConfirmFlow(useChargeDeleteLogic(clubId));
  const { open: edit } = editor;
  const { asking, request: remove } = remover;
  const columns = useMemo(
    () =>
      chargesColumns(
        {
          onEdit: canUpdate ? edit : undefined,
          onDelete: canDelete ? ({ id, name }) => remove({ id, name }) : undefined,
        },
        {
          canChange: canUpdate,
          change: (id, status) => changeChargeStatus(clubId, id, status),
          refresh,
          noun: 'cobro',
        },
      ),
    // `refresh` is read once per row switch (StatusSwitch), so a new function is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canUpdate, canDelete, edit, remove, clubId],
  );
  const create = () => edit(null);

  return (
    <ListPage
      title="Cobros"
      grid={grid}
      create={canCreate ? { label: 'Nuevo cobro', icon: <Add />, onClick: create } : undefined}
      firstRun={{
        title: 'Crea tu primer cobro',
        text: 'Los cobros dicen qué paga cada jugador: mensualidades, inscripciones, uniformes…',
        createLabel: 'Crear cobro',
      }}
      searchLabel="Buscar por nombre"
      filters={filters}
      columns={columns}
      card={chargeCard(canUpdate || canDelete)}
      ariaLabel="Cobros del club"
      emptyText="Ningún cobro coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/charges`}
    >
      <ChargeDialog
        open={editor.isOpen}
        clubId={clubId}
        charge={editor.subject}
        busy={editor.busy}
        failure={editor.failure}
        onCancel={editor.close}
        onSave={editor.submit}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar el cobro ${asking?.name ?? ''}?`}
        text="El cobro se borra del club. Un cobro con historial de precios no se borra: desactívalo."
        confirmLabel="Eliminar"
        busy={remover.running}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </ListPage>
  );
}
