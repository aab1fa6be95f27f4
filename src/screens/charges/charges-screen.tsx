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
import { changeChargeStatus, chargesListQuery, useInvalidateCharges } from '../../api/charges.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { mayCall } from '../../lib/api-access';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { CHARGE_DIALOG_OPTIONS } from '../../machines/charges.actors';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import * as dialog from '../../machines/save.selectors';
import { ChargeDialog } from './charge-dialog';
import { ChargesToolbar } from './charges-toolbar';
import { chargeCard, chargesColumns, chargesGrid } from './charges.columns';
import { useChargeDeleteLogic, useChargeDialogLogic } from './charges.logic';

/** /home/chargers ('Cobros'): what the selected club bills (issue #12). */
export function ChargesScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubCharges key={clubId} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Cobros
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus cobros.
          </Alert>
        </>
      )}
    </Box>
  );
}

function ClubCharges({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  // The buttons follow the server's table (contract/access-table.ts): creating needs what editing does.
  const canCreate = mayCall(permissions, 'POST /api/pla_club_teams/:id/charges');
  const canUpdate = mayCall(permissions, 'PATCH /api/pla_club_teams/:id/charges/:chargeId');
  const canDelete = mayCall(permissions, 'DELETE /api/pla_club_teams/:id/charges/:chargeId');
  const grid = useServerGrid(chargesGrid, chargesListQuery(clubId));
  const refresh = useInvalidateCharges(clubId);
  const editor = useActorRef(useChargeDialogLogic(clubId), { input: CHARGE_DIALOG_OPTIONS });
  const editorOpen = useSelector(editor, dialog.selectIsOpen);
  const editing = useSelector(editor, dialog.selectSubject);
  const saving = useSelector(editor, dialog.selectIsSaving);
  const failure = useSelector(editor, dialog.selectFailure);
  const remover = useActorRef(useChargeDeleteLogic(clubId));
  const asking = useSelector(remover, selectAsking);
  const deleting = useSelector(remover, selectIsRunning);
  const columns = useMemo(
    () =>
      chargesColumns(
        {
          onEdit: canUpdate
            ? (charge) => editor.send({ type: 'save.open', subject: charge })
            : undefined,
          onDelete: canDelete
            ? ({ id, name }) =>
                remover.send({ type: 'action.request', subject: { id, name }, confirm: true })
            : undefined,
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
    [canUpdate, canDelete, editor, remover, clubId],
  );
  const create = () => editor.send({ type: 'save.open', subject: null });
  const { q, concept, status } = grid.params;
  // The club has none at all: not a search or a filter that hides them.
  const noneYet =
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    !concept &&
    !status;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Cobros</Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={create}>
            Nuevo cobro
          </Button>
        )}
      </Stack>
      {noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Crea tu primer cobro
          </Typography>
          <Typography sx={{ mb: canCreate ? 2 : 0 }}>
            Los cobros dicen qué paga cada jugador: mensualidades, inscripciones, uniformes…
          </Typography>
          {canCreate && (
            <Button variant="outlined" startIcon={<Add />} onClick={create}>
              Crear cobro
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <ChargesToolbar
            search={grid.searchText}
            onSearch={grid.setSearchText}
            concept={grid.filters.concept}
            onConcept={(value) => grid.setFilter('concept', value)}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
          />
          <ServerDataGrid
            grid={grid}
            columns={columns}
            card={chargeCard(canUpdate || canDelete)}
            ariaLabel="Cobros del club"
            emptyText="Ningún cobro coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/charges`}
          />
        </>
      )}
      <ChargeDialog
        open={editorOpen}
        clubId={clubId}
        charge={editing}
        busy={saving}
        failure={failure}
        onCancel={() => editor.send({ type: 'save.close' })}
        onSave={(values) => editor.send({ type: 'save.submit', values })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Eliminar el cobro ${asking?.name ?? ''}?`}
        text="El cobro se borra del club. Un cobro con historial de precios no se borra: desactívalo."
        confirmLabel="Eliminar"
        busy={deleting}
        onCancel={() => remover.send({ type: 'action.cancel' })}
        onConfirm={() => remover.send({ type: 'action.confirm' })}
      />
    </>
  );
}
