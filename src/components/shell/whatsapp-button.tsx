import WhatsApp from '@mui/icons-material/WhatsApp';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../api/app-config.api';
import { whatsappUrl } from './whatsapp-link';

export const WHATSAPP_LABEL = '¿Necesitas ayuda? Escríbenos';

/** Distance from the bottom edge, in theme spacing units: lower inside the app (spec §2). */
const BOTTOM_OFFSET = { low: 2, high: 10 } as const;

/**
 * Pages that draw no help button: the roll call (/home/attendance/:id) is a full-screen
 * task with its action bar pinned to the bottom edge, where the button would cover the
 * right end of 'Guardar' on a phone (and on any width up to ~880 px), and a stray tap
 * there would open a chat instead of saving the list.
 */
const HIDDEN_ON = ['/home/attendance/'] as const;

export interface WhatsAppButtonProps {
  /** 'low' on /home/ pages, 'high' elsewhere (public pages keep room for their own footer). */
  placement?: keyof typeof BOTTOM_OFFSET;
}

/**
 * The floating help button (spec §2): a link to the support chat on WhatsApp, in a new
 * tab. The number comes from the server (`GET /api/config`); until it is known, nothing
 * is drawn, so there is never a link to a wrong number.
 */
export function WhatsAppButton({ placement }: WhatsAppButtonProps) {
  const { pathname } = useLocation();
  const { data } = useAppConfig();
  const phone = data?.whatsapp_phone;
  if (!phone || HIDDEN_ON.some((prefix) => pathname.startsWith(prefix))) return null;

  const where = placement ?? (pathname.startsWith('/home/') ? 'low' : 'high');
  return (
    <Tooltip title={WHATSAPP_LABEL} placement="left">
      <Fab
        component="a"
        href={whatsappUrl(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={WHATSAPP_LABEL}
        color="success"
        size="medium"
        data-placement={where}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: (theme) => theme.spacing(BOTTOM_OFFSET[where]),
        }}
      >
        <WhatsApp />
      </Fab>
    </Tooltip>
  );
}
