import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { categoriesListQuery } from '../../api/categories.api';
import { paymentsListQuery } from '../../api/payments.api';
import { AuthContext } from '../../app/auth-context';
import { useServerGrid } from '../../components/grid/use-server-grid';
import { ClubScreen } from '../../components/list/club-screen';
import { ListPage } from '../../components/list/list-page';
import { useSaveFlow } from '../../components/use-machine-flow';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import { PAYMENT_GENERATION_OPTIONS } from '../../machines/payments.actors';
import { currentPeriod, periodLabel, periodOptions } from './payment-period';
import { PaymentGenerationDialog } from './payment-generation-dialog';
import { PaymentsFigures } from './payments-figures';
import { PaymentsWork } from './payments-work';
import { paymentCard, paymentsColumns, paymentsGrid, paymentsUrlFilters } from './payments.columns';
import { ALL_CATEGORIES, categoriesOf, paymentsFilters } from './payments.filters';
import { usePaymentGenerationLogic } from './payments.logic';

/** /home/payments: what the selected club billed and collected, month by month (issue #12). */
export function PaymentsScreen() {
  // A new link (a dashboard's `?overdue=true`) opens the grid it promises.
  const { search } = useLocation();
  return (
    <ClubScreen title="Pagos" needs="sus pagos" maxWidth={1400}>
      {(clubId) => <ClubPayments key={search} clubId={clubId} />}
    </ClubScreen>
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
  const generator = useSaveFlow(usePaymentGenerationLogic(clubId), PAYMENT_GENERATION_OPTIONS);
  const generate = () => generator.open(period);
  const listed = useQuery({
    ...categoriesListQuery(clubId)(ALL_CATEGORIES),
    enabled: canListCategories,
  });
  const categories = canListCategories
    ? (listed.data?.data ?? [])
    : categoriesOf(grid.rows, grid.filters.category_id);
  const generateButton = (variant: 'contained' | 'outlined') =>
    canGenerate && (
      <Button variant={variant} startIcon={<PlaylistAdd />} onClick={generate}>
        Generar cobros del periodo
      </Button>
    );

  return (
    <ListPage
      title="Pagos"
      grid={grid}
      actions={
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
      }
      summary={<PaymentsFigures clubId={clubId} period={period} />}
      failure={
        grid.query.isError &&
        !grid.query.data && (
          <Alert severity="error" role="alert">
            No se pudieron cargar los pagos: {grid.query.error.message}
          </Alert>
        )
      }
      firstRun={{
        title: 'No hay pagos en este periodo',
        text: `Los pagos de ${periodLabel(period)} aparecen aquí cuando se generan a partir de los cobros activos del club.`,
        action: generateButton('outlined'),
      }}
      // The panel speaks of one month billed: with every period, a payment method or an
      // overdue filter (false included) the grid shows instead.
      narrowed={
        grid.filters.period === undefined ||
        grid.params.payment_method_id !== undefined ||
        grid.params.overdue !== undefined
      }
      searchLabel="Buscar por jugador o documento"
      filters={paymentsFilters(categories)}
      filtersRowFrom="md"
      bulkActions={
        <PaymentsWork
          clubId={clubId}
          canUpdate={canGenerate}
          openId={openId}
          onCloseDrawer={() => setOpenId(null)}
          rows={grid.rows}
          selectedIds={grid.selectedIds as number[]}
        />
      }
      checkboxSelection={canGenerate}
      columns={columns}
      card={paymentCard}
      ariaLabel="Pagos del club"
      emptyText="Ningún pago coincide con la búsqueda o los filtros"
      exportPath={`/pla_club_teams/${clubId}/payments`}
    >
      <PaymentGenerationDialog
        clubId={clubId}
        period={generator.subject}
        busy={generator.busy}
        failure={generator.failure}
        result={generator.saved}
        onCancel={generator.close}
        onGenerate={() => generator.submit(undefined)}
      />
    </ListPage>
  );
}
