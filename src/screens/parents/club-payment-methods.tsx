import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { usePaymentMethods } from '../../api/payment-methods.api';

/** 'Medios de pago': the methods the club accepts, with the details a family pays with. */
export function ClubPaymentMethods({ clubId }: { clubId: number }) {
  const titleId = useId();
  const methods = usePaymentMethods(clubId);
  const accepted = (methods.data ?? []).filter((method) => method.accepted);
  return (
    <section aria-labelledby={titleId}>
      <Typography variant="subtitle2" component="h3" id={titleId}>
        Medios de pago
      </Typography>
      {methods.isPending && (
        <Skeleton height={48} role="status" aria-label="Cargando medios de pago" />
      )}
      {methods.isError && (
        <Alert severity="warning">No pudimos cargar los medios de pago del club.</Alert>
      )}
      {methods.isSuccess && accepted.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          El club aún no indica medios de pago. Pregúntale cómo pagar.
        </Typography>
      )}
      {accepted.length > 0 && (
        <List dense disablePadding>
          {accepted.map((method) => (
            <ListItem key={method.id} disableGutters>
              <ListItemText
                primary={method.name}
                secondary={method.details}
                slotProps={{ secondary: { sx: { whiteSpace: 'pre-line' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
