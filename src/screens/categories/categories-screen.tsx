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
import { categoriesListQuery } from '../../api/categories.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { CATEGORY_DIALOG_OPTIONS } from '../../machines/categories.actors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import * as dialog from '../../machines/save.selectors';
import { CategoriesToolbar } from './categories-toolbar';
import { categoriesColumns, categoriesGrid, categoryCard } from './categories.columns';
import { useCategoryDeleteLogic, useCategoryDialogLogic } from './categories.logic';
import { CategoryDialog } from './category-dialog';

/** /home/categories: the selected club's categories (issue #11). */
export function CategoriesScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubCategories key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Categorías
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus categorías.
          </Alert>
        </>
      )}
    </Box>
  );
}

function ClubCategories({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canCreate = hasPermission(permissions, 'categories.create');
  const canUpdate = hasPermission(permissions, 'categories.update');
  const canDelete = hasPermission(permissions, 'categories.delete');
  const grid = useServerGrid(categoriesGrid, categoriesListQuery(clubId));
  const editor = useActorRef(useCategoryDialogLogic(clubId), { input: CATEGORY_DIALOG_OPTIONS });
  const editorOpen = useSelector(editor, dialog.selectIsOpen);
  const editing = useSelector(editor, dialog.selectSubject);
  const saving = useSelector(editor, dialog.selectIsSaving);
  const failure = useSelector(editor, dialog.selectFailure);
  const remover = useActorRef(useCategoryDeleteLogic(clubId));
  const asking = useSelector(remover, selectAsking);
  const deleting = useSelector(remover, selectIsRunning);
  const columns = useMemo(
    () =>
      categoriesColumns({
        onEdit: canUpdate
          ? (category) => editor.send({ type: 'save.open', subject: category })
          : undefined,
        onDelete: canDelete
          ? ({ id, name }) =>
              remover.send({ type: 'action.request', subject: { id, name }, confirm: true })
          : undefined,
      }),
    [canUpdate, canDelete, editor, remover],
  );
  const create = () => editor.send({ type: 'save.open', subject: null });
  const { q, gender, status } = grid.params;
  // The club has none at all: not a search or a filter that hides them.
  const noneYet =
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    !gender &&
    !status;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Categorías</Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={create}>
            Nueva categoría
          </Button>
        )}
      </Stack>
      {noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Crea tu primera categoría
          </Typography>
          <Typography sx={{ mb: canCreate ? 2 : 0 }}>
            Las categorías agrupan a los jugadores por edad y género.
          </Typography>
          {canCreate && (
            <Button variant="outlined" startIcon={<Add />} onClick={create}>
              Crear categoría
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <CategoriesToolbar
            search={grid.searchText}
            onSearch={grid.setSearchText}
            gender={grid.filters.gender}
            onGender={(value) => grid.setFilter('gender', value)}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
          />
          <ServerDataGrid
            grid={grid}
            columns={columns}
            card={categoryCard(canUpdate || canDelete)}
            ariaLabel="Categorías del club"
            emptyText="Ninguna categoría coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/categories`}
          />
        </>
      )}
      <CategoryDialog
        open={editorOpen}
        clubId={clubId}
        withTrainers={hasPermission(permissions, 'trainers.view')}
        category={editing}
        busy={saving}
        failure={failure}
        onCancel={() => editor.send({ type: 'save.close' })}
        onSave={(values) => editor.send({ type: 'save.submit', values })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar la categoría ${asking?.name ?? ''}?`}
        text="La categoría se borra del club. Esta acción no se puede deshacer."
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={() => remover.send({ type: 'action.cancel' })}
        onConfirm={() => remover.send({ type: 'action.confirm' })}
      />
    </>
  );
}
