import Add from '@mui/icons-material/Add';
import { useMemo } from 'react';
import {
  categoryGenderLabels,
  categoryGenders,
  categoryStatuses,
} from '../../../contract/categories.schema';
import { categoriesListQuery } from '../../api/categories.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { type ListFilter, optionsOf } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions } from '../../machines/auth.selectors';
import { CATEGORY_DIALOG_OPTIONS } from '../../machines/categories.actors';
import {
  categoriesColumns,
  categoriesGrid,
  categoryCard,
  categoryStatusLabels,
} from './categories.columns';
import { useCategoryDeleteLogic, useCategoryDialogLogic } from './categories.logic';
import { CategoryDialog } from './category-dialog';

/** /home/categories: the selected club's categories (issue #11). */
export function CategoriesScreen() {
  return (
    <ClubScreen title="Categorías" needs="sus categorías">
      {(clubId) => <ClubCategories clubId={clubId} />}
    </ClubScreen>
  );
}

/** The grid's filters beside the search by name or sport: the gender and the status. */
const filters: ListFilter[] = [
  {
    name: 'gender',
    label: 'Género',
    id: 'categories-gender-filter',
    all: 'Todos los géneros',
    options: optionsOf(categoryGenders, categoryGenderLabels),
  },
  {
    name: 'status',
    label: 'Estado',
    id: 'categories-status-filter',
    all: 'Todos los estados',
    options: optionsOf(categoryStatuses, categoryStatusLabels),
  },
];

function ClubCategories({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canCreate = hasPermission(permissions, 'categories.create');
  const canUpdate = hasPermission(permissions, 'categories.update');
  const canDelete = hasPermission(permissions, 'categories.delete');
  const grid = useServerGrid(categoriesGrid, categoriesListQuery(clubId));
  const editor = useSaveFlow(useCategoryDialogLogic(clubId), CATEGORY_DIALOG_OPTIONS);
  const remover = useConfirmFlow(useCategoryDeleteLogic(clubId));
  const { open: edit } = editor;
  const { asking, request: remove } = remover;
  const columns = useMemo(
    () =>
      categoriesColumns({
        onEdit: canUpdate ? edit : undefined,
        onDelete: canDelete ? ({ id, name }) => remove({ id, name }) : undefined,
      }),
    [canUpdate, canDelete, edit, remove],
  );
  const create = () => edit(null);

  return (
    <ListPage
      title="Categorías"
      grid={grid}
      create={canCreate ? { label: 'Nueva categoría', icon: <Add />, onClick: create } : undefined}
      firstRun={{
        title: 'Crea tu primera categoría',
        text: 'Las categorías agrupan a los jugadores por edad y género.',
        createLabel: 'Crear categoría',
      }}
      searchLabel="Buscar por nombre o deporte"
      filters={filters}
      columns={columns}
      card={categoryCard(canUpdate || canDelete)}
      ariaLabel="Categorías del club"
      emptyText="Ninguna categoría coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/categories`}
    >
      <CategoryDialog
        open={editor.isOpen}
        clubId={clubId}
        withTrainers={hasPermission(permissions, 'trainers.view')}
        category={editor.subject}
        busy={editor.busy}
        failure={editor.failure}
        onCancel={editor.close}
        onSave={editor.submit}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar la categoría ${asking?.name ?? ''}?`}
        text="La categoría se borra del club. Esta acción no se puede deshacer."
        confirmLabel="Eliminar"
        busy={remover.running}
        onCancel={remover.cancel}
        onConfirm={remover.confirm}
      />
    </ListPage>
  );
}
