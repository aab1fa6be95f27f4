import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { categoriesListQuery } from '../../api/categories.api';
import {
  changeTrainerStatus,
  trainersListQuery,
  useInvalidateTrainers,
} from '../../api/trainers.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import * as dialog from '../../machines/save.selectors';
import { TRAINER_DIALOG_OPTIONS, trainerName } from '../../machines/trainers.actors';
import { TrainerDialog } from './trainer-dialog';
import { TrainersToolbar } from './trainers-toolbar';
import { trainerCard, trainersColumns, trainersGrid } from './trainers.columns';
import { useTrainerDeleteLogic, useTrainerDialogLogic } from './trainers.logic';
import { SentLinkRequestsButton } from '../link-requests/sent-link-requests-button';

/** /home/trainers: the selected club's trainers (issue #11). */
export function TrainersScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubTrainers key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Entrenadores
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus entrenadores.
          </Alert>
        </>
      )}
    </Box>
  );
}

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
  const editor = useActorRef(useTrainerDialogLogic(clubId), { input: TRAINER_DIALOG_OPTIONS });
  const editorOpen = useSelector(editor, dialog.selectIsOpen);
  const editing = useSelector(editor, dialog.selectSubject);
  const saving = useSelector(editor, dialog.selectIsSaving);
  const failure = useSelector(editor, dialog.selectFailure);
  const remover = useActorRef(useTrainerDeleteLogic(clubId));
  const asking = useSelector(remover, selectAsking);
  const deleting = useSelector(remover, selectIsRunning);
  const columns = useMemo(
    () =>
      trainersColumns({
        canChangeStatus: canUpdate,
        changeStatus: (id, status) => changeTrainerStatus(clubId, id, status),
        refresh,
        onEdit: canUpdate
          ? (trainer) => editor.send({ type: 'save.open', subject: trainer })
          : undefined,
        onDelete: canDelete
          ? (trainer) =>
              remover.send({
                type: 'action.request',
                subject: { id: trainer.id, name: trainerName(trainer) },
                confirm: true,
              })
          : undefined,
      }),
    [clubId, canUpdate, canDelete, editor, remover, refresh],
  );
  const create = () => editor.send({ type: 'save.open', subject: null });
  const { q, status, category_id } = grid.params;
  // The club has none at all: not a search or a filter that hides them.
  const noneYet =
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    !status &&
    !category_id;
  // The dialog offers the active categories, and keeps the edited trainer's own.
  const offered = categories.filter(
    ({ id, status }) => status === 'active' || editing?.categories.some((mine) => mine.id === id),
  );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Entrenadores</Typography>
        {canCreate && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <SentLinkRequestsButton clubId={clubId} kind="trainer" />
            <Button variant="contained" startIcon={<PersonAdd />} onClick={create}>
              Agregar entrenador
            </Button>
          </Stack>
        )}
      </Stack>
      {noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Agrega tu primer entrenador
          </Typography>
          <Typography sx={{ mb: canCreate ? 2 : 0 }}>
            Los entrenadores dirigen las categorías del club y toman la asistencia.
          </Typography>
          {canCreate && (
            <Button variant="outlined" startIcon={<PersonAdd />} onClick={create}>
              Agregar entrenador
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <TrainersToolbar
            search={grid.searchText}
            onSearch={grid.setSearchText}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
            categoryId={grid.filters.category_id}
            onCategory={(value) => grid.setFilter('category_id', value)}
            categories={categories}
          />
          <ServerDataGrid
            grid={grid}
            columns={columns}
            card={trainerCard(canUpdate || canDelete)}
            ariaLabel="Entrenadores del club"
            emptyText="Ningún entrenador coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/trainers`}
          />
        </>
      )}
      <TrainerDialog
        open={editorOpen}
        clubId={clubId}
        trainer={editing}
        categories={offered}
        busy={saving}
        failure={failure}
        onCancel={() => editor.send({ type: 'save.close' })}
        onSave={(values) => editor.send({ type: 'save.submit', values })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar a ${asking?.name ?? 'este entrenador'}?`}
        text={`${asking?.name ?? 'Esta persona'} dejará de ser entrenador del club. Su historial se conserva.`}
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={() => remover.send({ type: 'action.cancel' })}
        onConfirm={() => remover.send({ type: 'action.confirm' })}
      />
    </>
  );
}
