import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type {
  PaymentBulkResponse,
  PaymentReminderFamily,
} from '../../../contract/payment-bulk.schema';

/*
 * The result of 'Enviar recordatorio' (issue #34): per family what went where (e-mail, the
 * app), its WhatsApp link with the amounts and the club's payment methods, and the
 * payments that were not part of any family's message (already reminded today, nothing
 * owed) with the server's reason, so every chosen payment is accounted for.
 */

const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

/** 'Familias: 2 avisadas, 1 solo por WhatsApp, 1 sin datos de contacto'. */
function familiesHeadline(families: PaymentReminderFamily[]): string {
  const reached = families.filter((f) => f.reached).length;
  const whatsapp = families.filter((f) => !f.reached && f.whatsapp_phone).length;
  const none = families.length - reached - whatsapp;
  return [
    `${plural(families.length, 'familia', 'familias')}: ${reached} avisadas por correo o en la app`,
    ...(whatsapp > 0 ? [`${whatsapp} por enviar por WhatsApp`] : []),
    ...(none > 0 ? [`${none} sin datos de contacto`] : []),
  ].join(', ');
}

export function ReminderFamiliesResult({
  result,
  nameOf,
}: {
  result: PaymentBulkResponse['data'] & { families: PaymentReminderFamily[] };
  nameOf: (paymentId: number) => string;
}) {
  const { families } = result;
  const inFamily = new Set(families.flatMap((f) => f.payment_ids));
  const left = result.results.filter((row) => !inFamily.has(row.payment_id));
  return (
    <>
      <Alert severity={families.every((f) => f.reached) ? 'success' : 'warning'} sx={{ mb: 1 }}>
        {result.succeeded} de {result.results.length} pagos procesados.{' '}
        {families.length > 0 && `${familiesHeadline(families)}.`}
      </Alert>
      {families.length > 0 && (
        <List dense aria-label="Resultado por familia">
          {families.map((family) => (
            <ListItem key={family.payment_ids.join(',')} disableGutters alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 36, mt: 1 }}>
                {family.reached ? (
                  <CheckCircle color="success" titleAccess="Avisada" />
                ) : (
                  <ErrorOutline
                    color={family.whatsapp_phone ? 'warning' : 'error'}
                    titleAccess="Sin correo ni app"
                  />
                )}
              </ListItemIcon>
              <ListItemText
                primary={family.summary}
                secondary={
                  <>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {family.players.join(', ')} ·{' '}
                      {plural(family.payment_ids.length, 'pago', 'pagos')}
                    </Typography>
                    <Button
                      component="a"
                      href={family.whatsapp_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="small"
                      startIcon={<WhatsApp />}
                      aria-label={`Enviar por WhatsApp a ${family.name}`}
                    >
                      Enviar por WhatsApp
                    </Button>
                  </>
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {left.length > 0 && (
        <List dense aria-label="Pagos sin recordatorio">
          {left.map((row) => (
            <ListItem key={row.payment_id} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <ErrorOutline color="error" titleAccess="No se pudo" />
              </ListItemIcon>
              <ListItemText primary={nameOf(row.payment_id)} secondary={row.message} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
