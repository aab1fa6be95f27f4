import { useMemo } from 'react';
import { AuthContext } from '../../app/auth-context';
import { useAppConfig } from '../../api/app-config.api';
import {
  selectCanLogout,
  selectPermissions,
  selectSelectedClub,
  selectSelectedClubId,
  selectUser,
} from '../../machines/auth.selectors';
import { buildSidebar } from './sidebar-items';
import { initialsOf, shortName } from './user-display';
import { whatsappUrl } from './whatsapp-link';

/**
 * What the shell's views draw, read from the auth actor and the public config: the
 * controller of the sidebar and the top bar (they only render what this returns).
 */
export function useShellState() {
  const auth = AuthContext.useActorRef();
  const user = AuthContext.useSelector(selectUser);
  const club = AuthContext.useSelector(selectSelectedClub);
  const selectedClubId = AuthContext.useSelector(selectSelectedClubId);
  const permissions = AuthContext.useSelector(selectPermissions);
  const canLogout = AuthContext.useSelector(selectCanLogout);
  const { data: config } = useAppConfig();

  const isSuperAdmin = permissions?.is_super_admin ?? user?.is_super_admin ?? false;
  const sections = useMemo(
    () => buildSidebar({ permissions, isSuperAdmin, selectedClubId }),
    [permissions, isSuperAdmin, selectedClubId],
  );
  const phone = config?.whatsapp_phone;

  return {
    sections,
    clubName: club?.name ?? null,
    userName: user ? shortName(user.name, user.lastname) : '',
    initials: user ? initialsOf(user.name, user.lastname) : '',
    supportUrl: phone ? whatsappUrl(phone) : null,
    canLogout,
    logout: () => auth.send({ type: 'auth.logout' }),
  };
}

export type ShellState = ReturnType<typeof useShellState>;
