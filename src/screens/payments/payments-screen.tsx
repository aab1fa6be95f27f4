import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { paymentsListQuery } from '../../api/payments.api';
import { AuthContext } from '../../app/auth-context';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { mayCall } from '../../lib/api-access';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { PAYMENT_GENERATION_OPTIONS } from '../../machines/payments.actors';
import * as dialog from '../../machines/save.selectors';
import { currentPeriod, periodLabel, periodOptions } from './payment-period';
import { PaymentGenerationDialog } from './payment-generation-dialog';
import { PaymentsFigures } from './payments-figures';
import { PaymentsToolbar } from './payments-toolbar';
import { PaymentsWork } from './payments-work';
import { paymentCard, paymentsColumns, paymentsGrid, paymentsUrlFilters } from './payments.columns';
import { usePaymentGenerationLogic } from './payments.logic';

/** /home/payments: what the selected club billed and collected, month by month (issue #12). */
export function PaymentsScreen() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  // A new link (a dashboard's `?overdue=true`) opens the grid it promises.
  const { search } = useLocation();
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', px: 2, py: 4 }}>
      {clubId > 0 ? (
        <ClubPayments key={`${clubId}${search}`} clubId={clubId} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Pagos
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver sus pagos.
          </Alert>
        </>
      )}
    </Box>
  );
}

function ClubPayments({ clubId }: { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canGenerate = mayCall(permissions, 'POST /api/pla_club_teams/:id/payments/generation');
  // The category filter lists the club's categories: only for who may read them (issue #33).
  const canListCategories = mayCall(permissions, 'GET /api/pla_club_teams/:id/categories');
  const [thisMonth] = useState(() => currentPeriod());
  const [searchParams] = useSearchParams();
  const [spec] = useState(() => paymentsGrid(paymentsUrlFilters(searchParams, thisMonth)));
  const grid = useServerGrid(spec, paymentsListQuery(clubId));
  const [openId, setOpenId] = useState<number | null>(null);
  const [columns] = useState(() => paymentsColumns((payment) => setOpenId(payment.id)));
  // Without a period filter (all periods) the figures stay on the current month.
  const period = grid.filters.period ?? thisMonth;
  const generator = useActorRef(usePaymentGenerationLogic(clubId), {
    input: PAYMENT_GENERATION_OPTIONS,
  });
  const generating = useSelector(generator, dialog.selectSubject);
  const busy = useSelector(generator, dialog.selectIsSaving);
  const failure = useSelector(generator, dialog.selectFailure);
  const result = useSelector(generator, dialog.selectSaved);
  const generate = () => generator.send({ type: 'save.open', subject: period });
  const { q, status, category_id, overdue, payment_method_id } = grid.params;
  // Nothing billed in the month: not a search or a filter that hides it.
  const noneYet =
    grid.filters.period !== undefined &&
    payment_method_id === undefined &&
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !q &&
    !status &&
    category_id === undefined &&
    overdue === undefined;
  const generateButton = (variant: 'contained' | 'outlined') =>
    canGenerate && (
      <Button variant={variant} startIcon={<PlaylistAdd />} onClick={generate}>
        Generar cobros del periodo
      </Button>
    );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Pagos</Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            label="Periodo"
            id="payments-period"
            value={grid.filters.period ?? ''}
            onChange={(event) => grid.setFilter('period', event.target.value || undefined)}
            margin="none"
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Todos los periodos</MenuItem>
            {periodOptions(thisMonth).map((each) => (
              <MenuItem key={each} value={each}>
                {periodLabel(each)}
              </MenuItem>
            ))}
          </TextField>
          {generateButton('contained')}
        </Stack>
      </Stack>
      <PaymentsFigures clubId={clubId} period={period} />
      {grid.query.isError && !grid.query.data ? (
        <Alert severity="error" role="alert">
          No se pudieron cargar los pagos: {grid.query.error.message}
        </Alert>
      ) : noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            No hay pagos en este periodo
          </Typography>
          <Typography sx={{ mb: canGenerate ? 2 : 0 }}>
            Los pagos de {periodLabel(period)} aparecen aquí cuando se generan a partir de los
            cobros activos del club.
          </Typography>
          {generateButton('outlined')}
        </Paper>
      ) : (
        <>
          <PaymentsToolbar
            clubId={clubId}
            search={grid.searchText}
            onSearch={grid.setSearchText}
            status={grid.filters.status}
            onStatus={(value) => grid.setFilter('status', value)}
            canListCategories={canListCategories}
            payments={grid.rows}
            categoryId={grid.filters.category_id}
            onCategory={(value) => grid.setFilter('category_id', value)}
            overdue={grid.filters.overdue}
            onOverdue={(value) => grid.setFilter('overdue', value)}
          />
          <PaymentsWork
            clubId={clubId}
            canUpdate={canGenerate}
            openId={openId}
            onCloseDrawer={() => setOpenId(null)}
            rows={grid.rows}
            selectedIds={grid.selectedIds as number[]}
          />
          <ServerDataGrid
            grid={grid}
            columns={columns}
            checkboxSelection={canGenerate}
            card={paymentCard}
            ariaLabel="Pagos del club"
            emptyText="Ningún pago coincide con la búsqueda o los filtros"
            exportPath={`/pla_club_teams/${clubId}/payments`}
          />
        </>
      )}
      <PaymentGenerationDialog
        clubId={clubId}
        period={generating}
        busy={busy}
        failure={failure}
        result={result}
        onCancel={() => generator.send({ type: 'save.close' })}
        onGenerate={() => generator.send({ type: 'save.submit', values: undefined })}
      />
    </>
  );
}
