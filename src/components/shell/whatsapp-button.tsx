import WhatsApp from '@mui/icons-material/WhatsApp';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../api/app-config.api';
import { whatsappUrl } from './whatsapp-link';

export const WHATSAPP_LABEL = '¿Necesitas ayuda? Escríbenos';

/** Distance from the bottom edge, in theme spacing units: lower inside the app (spec §2). */
const BOTTOM_OFFSET = { low: 2, high: 10 } as const;

/** The button is 48 px high: 6 theme spacing units. */
const BUTTON_HEIGHT = 6;

/** Where the button sits on a page: lower inside the app. */
const placementOn = (pathname: string): keyof typeof BOTTOM_OFFSET =>
  pathname.startsWith('/home/') ? 'low' : 'high';

/**
 * The room, in theme spacing units, that the app shell leaves below the page at
 * `pathname` so the button never lies over the page's last controls once scrolled to the
 * end: it covered the grids' next-page arrow at 1366×900, and a click there opened
 * WhatsApp (issue #34 item 6). The button's offset, its height and one spacing unit.
 */
export const whatsAppClearance = (pathname: string) =>
  BOTTOM_OFFSET[placementOn(pathname)] + BUTTON_HEIGHT + 1;

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
 * is drawn, so there is never a link to a wrong number. A round IconButton dressed as a
 * medium Fab: the shell loads IconButton anyway, and Fab alone was 1.5 KB of the
 * dashboard's first load.
 */
export function WhatsAppButton({ placement }: WhatsAppButtonProps) {
  const { pathname } = useLocation();
  const { data } = useAppConfig();
  const phone = data?.whatsapp_phone;
  if (!phone || HIDDEN_ON.some((prefix) => pathname.startsWith(prefix))) return null;

  const where = placement ?? placementOn(pathname);
  return (
    <Tooltip title={WHATSAPP_LABEL} placement="left">
      <IconButton
        component="a"
        href={whatsappUrl(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={WHATSAPP_LABEL}
        data-placement={where}
        sx={(theme) => ({
          position: 'fixed',
          right: 16,
          bottom: theme.spacing(BOTTOM_OFFSET[where]),
          zIndex: theme.zIndex.speedDial,
          width: theme.spacing(BUTTON_HEIGHT),
          height: theme.spacing(BUTTON_HEIGHT),
          color: theme.palette.success.contrastText,
          bgcolor: theme.palette.success.main,
          boxShadow: theme.shadows[6],
          '&:hover': { bgcolor: theme.palette.success.dark },
          '&:active': { boxShadow: theme.shadows[12] },
        })}
      >
        <WhatsApp />
      </IconButton>
    </Tooltip>
  );
}
