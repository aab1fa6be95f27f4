import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type {
  PaymentGenerationPreview,
  PaymentGenerationResult,
} from '../../../contract/payment-generation.schema';
import { paymentGenerationPreviewQuery } from '../../api/payment-generation.api';
import { formatMoney } from '../../lib/money';
import type { RequestFailure } from '../../lib/request-failure';
import { createdText } from '../../machines/payments.actors';
import { periodLabel } from './payment-period';

interface GenerationDialogProps {
  clubId: number;
  /** The period the dialog generates; null while closed. */
  period: string | null;
  busy: boolean;
  failure: RequestFailure | null;
  /** What the server created, once it did. */
  result: PaymentGenerationResult | null;
  onCancel: () => void;
  onGenerate: () => void;
}

/**
 * 'Generar cobros del periodo': the preview first (per charge, how many payments a run
 * creates and how many exist), then 'Generar', then what the server created.
 */
export function PaymentGenerationDialog(props: GenerationDialogProps) {
  const { clubId, period, busy, failure, result, onCancel, onGenerate } = props;
  const preview = useQuery(
    paymentGenerationPreviewQuery(clubId, period ?? '', period !== null && result === null),
  );
  const nothingToCreate = preview.data?.to_create_total === 0;
  return (
    <Dialog
      open={period !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="payment-generation-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="payment-generation-title">
        Generar cobros de {period ? periodLabel(period) : ''}
      </DialogTitle>
      <DialogContent>
        {result ? (
          <ResultView result={result} />
        ) : preview.isPending ? (
          <CircularProgress aria-label="Calculando los pagos del periodo" />
        ) : preview.isError ? (
          <Alert severity="error">{preview.error.message}</Alert>
        ) : (
          <PreviewView preview={preview.data} />
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {result ? 'Cerrar' : 'Cancelar'}
        </Button>
        {!result && (
          <Button
            variant="contained"
            onClick={onGenerate}
            disabled={busy || !preview.isSuccess || nothingToCreate}
            loading={busy}
          >
            Generar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function PreviewView({ preview }: { preview: PaymentGenerationPreview }) {
  if (preview.non_billing_month) {
    return <Alert severity="info">Este mes no se factura: ningún cobro lo cobra.</Alert>;
  }
  if (preview.charges.length === 0) {
    return <Alert severity="info">Ningún cobro activo factura este periodo.</Alert>;
  }
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {preview.to_create_total === 0
          ? 'Todos los pagos del periodo ya existen: no hay nada por generar.'
          : `Se van a crear ${preview.to_create_total} pagos. Revisa el detalle por cobro:`}
      </Typography>
      <Table size="small" aria-label="Pagos por cobro">
        <TableHead>
          <TableRow>
            <TableCell>Cobro</TableCell>
            <TableCell align="right">Por crear</TableCell>
            <TableCell align="right">Ya existen</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.charges.map(({ charge, to_create, existing, discounts }) => (
            <TableRow key={charge.id}>
              <TableCell>
                <span>{charge.name}</span>
                {discounts.map((discount) => (
                  <Typography key={discount.id} variant="body2" color="text.secondary">
                    {discount.name}:{' '}
                    {discount.payments === 1 ? '1 pago' : `${discount.payments} pagos`} (−{' '}
                    {formatMoney(discount.amount)})
                  </Typography>
                ))}
              </TableCell>
              <TableCell align="right">{to_create}</TableCell>
              <TableCell align="right">{existing}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function ResultView({ result }: { result: PaymentGenerationResult }) {
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {createdText(result.created_total)}
      </Alert>
      {result.charges.length > 0 && (
        <Table size="small" aria-label="Pagos creados por cobro">
          <TableHead>
            <TableRow>
              <TableCell>Cobro</TableCell>
              <TableCell align="right">Creados</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.charges.map(({ charge, created }) => (
              <TableRow key={charge.id}>
                <TableCell>{charge.name}</TableCell>
                <TableCell align="right">{created}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
