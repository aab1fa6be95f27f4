import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import { AuthContext } from '../../app/auth-context';
import { storage } from '../../lib/storage';
import { selectFirstRoleName } from '../../machines/auth.selectors';

/**
 * The welcome shown once in this browser, after the first login (spec §3: `hasSeenOverlay`).
 * Closing it in any way counts as seen: it never comes back, not after a reload nor after
 * logging out and in again (logout keeps `hasSeenOverlay`).
 */
export function FirstLoginOverlay() {
  const [open, setOpen] = useState(() => storage.get('hasSeenOverlay') !== true);
  const titleId = useId();
  const owner = AuthContext.useSelector(selectFirstRoleName) === CLUB_OWNER_ROLE;
  const close = () => {
    storage.set('hasSeenOverlay', true);
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>¡Bienvenido a Gestión deportiva!</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>Un recorrido rápido antes de empezar:</Typography>
        <Typography component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
          <li>
            El <strong>menú</strong> de la izquierda lleva a cada sección: jugadores, calendario,
            pagos y más. En el teléfono se abre con el botón de menú de la barra superior.
          </li>
          <li>
            Arriba ves el <strong>club</strong> en el que trabajas; tócalo para elegir o crear otro
            en Club / Equipo.
          </li>
          {owner && (
            <li>
              En el <strong>Tablero</strong>, la lista «Configura tu club» te guía paso a paso:
              datos del club, categorías, entrenadores, jugadores, cobros, medios de pago y el
              primer periodo.
            </li>
          )}
          <li>
            ¿Dudas? El <strong>botón de ayuda</strong> verde de la esquina inferior abre un chat de
            WhatsApp con nuestro equipo.
          </li>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Comenzar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
