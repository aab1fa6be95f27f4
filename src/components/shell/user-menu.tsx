import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectCanLogoutEverywhere } from '../../machines/auth.selectors';

/** Where 'Mi Cuenta' leads: the person's own account (issue #17). */
export const ACCOUNT_PATH = '/home/account';
/**
 * Where 'Configuración' leads: every signed-in user's notification preferences and, for
 * whom may manage the club's settings, its billing months, payment reminders and the way
 * to its payment methods (docs/platform.md).
 */
export const SETTINGS_PATH = '/home/settings';

export interface UserMenuProps {
  initials: string;
  /** The WhatsApp chat link of 'Soporte'; null while the number is unknown. */
  supportUrl: string | null;
  canLogout: boolean;
  onLogout: () => void;
}

/**
 * 'Cerrar sesión en todos los dispositivos' (issue #10): the auth actor ends every
 * session on the server, then this one as a logout does. Read here, beside the item, since
 * the top bar hands the menu only the plain logout. The words do not contain 'Cerrar
 * Sesión', which names the plain logout (role queries match names by substring).
 */
function useLogoutEverywhere() {
  const auth = AuthContext.useActorRef();
  const can = AuthContext.useSelector(selectCanLogoutEverywhere);
  return { can, run: () => auth.send({ type: 'auth.logoutEverywhere' }) };
}

/** The avatar button of the top bar and its menu (spec §2). */
export function UserMenu({ initials, supportUrl, canLogout, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const everywhere = useLogoutEverywhere();
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    void navigate(path);
  };

  return (
    <>
      <IconButton
        // The initials it shows are part of its name (WCAG 2.5.3), so voice control finds it.
        aria-label={`Menú de usuario ${initials}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.95rem' }}>
          {initials}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        <MenuItem onClick={() => go(ACCOUNT_PATH)}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Mi Cuenta</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go(SETTINGS_PATH)}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Configuración</ListItemText>
        </MenuItem>
        <MenuItem
          component="a"
          href={supportUrl ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
          disabled={supportUrl === null}
        >
          <ListItemIcon>
            <SupportAgentOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Soporte</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            everywhere.run();
          }}
          disabled={!everywhere.can}
        >
          <ListItemIcon>
            <DevicesOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Cerrar sesión en todos los dispositivos</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
          disabled={!canLogout}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Cerrar Sesión</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
