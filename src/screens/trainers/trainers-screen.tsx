import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { personStatusLabels, personStatuses } from '../../../contract/people.schema';
import { categoriesListQuery } from '../../api/categories.api';
import {
  changeTrainerStatus,
  trainersListQuery,
  useInvalidateTrainers,
} from '../../api/trainers.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions } from '../../machines/auth.selectors';
import { TRAINER_DIALOG_OPTIONS, trainerName } from '../../machines/trainers.actors';
import { TrainerDialog } from './trainer-dialog';
import { trainerCard, trainersColumns, trainersGrid } from './trainers.columns';
import { useTrainerDeleteLogic, useTrainerDialogLogic } from './trainers.logic';
import { SentLinkRequestsButton } from '../link-requests/sent-link-requests-button';

/** /home/trainers: the selected club's trainers (issue #11). */
export function TrainersScreen() {
  return (
    <ClubScreen title="Entrenadores" needs="sus entrenadores">
      {(clubId) => <ClubTrainers clubId={clubId} />}
    </ClubScreen>
  );
}

const statusFilter: ListFilter = {
  name: 'status',
  label: 'Estado',
  id: 'trainers-status-filter',
  all: 'Todos los estados',
  options: optionsOf(personStatuses, personStatusLabels),
  minWidth: 160,
};

/** Every category of the club (filter and dialog), in one page of the list contract. */
const ALL_CATEGORIES = { page: 1, pageSize: 100, sort: 'name' } as const;

function ClubTrainers({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canCreate = hasPermission(permissions, 'trainers.create');
  const canUpdate = hasPermission(permissions, 'trainers.update');
  const canDelete = hasPermission(permissions, 'trainers.delete');
  const grid = useServerGrid(trainersGrid, trainersListQuery(clubId));
  const categories = useQuery(categoriesListQuery(clubId)(ALL_CATEGORIES)).data?.data ?? [];
  const refresh = useInvalidateTrainers(clubId);
  const editor = useSaveFlow(useTrainerDialogLogic(clubId), TRAINER_DIALOG_OPTIONS);
  const remover = useConfirmFlow(useTrainerDeleteLogic(clubId));
  const { open: edit, subject: editing } = editor;
  const { asking, request: remove } = remover;
  const columns = useMemo(
    () =>
      trainersColumns({
        canChangeStatus: canUpdate,
        changeStatus: (id, status) => changeTrainerStatus(clubId, id, status),
        refresh,
        onEdit: canUpdate ? edit : undefined,
        onDelete: canDelete
          ? (trainer) => remove({ id: trainer.id, name: trainerName(trainer) })
          : undefined,
      }),
    [clubId, canUpdate, canDelete, edit, remove, refresh],
  );
  const create = () => edit(null);
  // Beside the search by name, e-mail or document: the status and a category.
  const filters: ListFilter[] = [
    statusFilter,
    {
      name: 'category_id',
      label: 'Categoría',
      id: 'trainers-category-filter',
      all: 'Todas las categorías',
      options: categories.map(({ id, name }) => ({ value: id, label: name })),
      minWidth: 200,
    },
  ];
  // The dialog offers the active categories, and keeps the edited trainer's own.
  const offered = categories.filter(
    ({ id, status }) => status === 'active' || editing?.categories.some((mine) => mine.id === id),
  );

  return (
    <ListPage
      title="Entrenadores"
      grid={grid}
      create={
        canCreate
          ? { label: 'Agregar entrenador', icon: <PersonAdd />, onClick: create }
          : undefined
      }
      actions={canCreate && <SentLinkRequestsButton clubId={clubId} kind="trainer" />}
      firstRun={{
        title: 'Agrega tu primer entrenador',
        text: 'Los entrenadores dirigen las categorías del club y toman la asistencia.',
        createLabel: 'Agregar entrenador',
      }}
      searchLabel="Buscar por nombre, correo o documento"
      filters={filters}
      columns={columns}
      card={trainerCard(canUpdate || canDelete)}
      ariaLabel="Entrenadores del club"
      emptyText="Ningún entrenador coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/trainers`}
    >
      <TrainerDialog
        open={editor.isOpen}
        clubId={clubId}
        trainer={editing}
        categories={offered}
        busy={editor.busy}
        failure={editor.failure}
        onCancel={editor.close}
        onSave={editor.submit}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar a ${asking?.name ?? 'este entrenador'}?`}
        text={`${asking?.name ?? 'Esta persona'} dejará de ser entrenador del club. Su historial se conserva.`}
        confirmLabel="Eliminar"
        busy={remover.running}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </ListPage>
  );
}
