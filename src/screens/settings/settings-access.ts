import { AuthContext } from '../../app/auth-context';
import { buildSidebar } from '../../components/shell/sidebar-items';
import { selectPermissions, selectSelectedClubId, selectUser } from '../../machines/auth.selectors';

/** The club's payment methods page, which the settings screen links to. */
export const PAYMENT_METHODS_PATH = '/home/admin/payment_methods';

/**
 * Whether the user may open 'Medios de pago': exactly when the sidebar offers its item
 * usable (settings.manage, or super admin, with a club selected).
 */
export function useCanOpenPaymentMethods(): boolean {
  const user = AuthContext.useSelector(selectUser);
  const permissions = AuthContext.useSelector(selectPermissions);
  const selectedClubId = AuthContext.useSelector(selectSelectedClubId);
  const isSuperAdmin = permissions?.is_super_admin ?? user?.is_super_admin ?? false;
  return buildSidebar({ permissions, isSuperAdmin, selectedClubId }).some((section) =>
    section.items.some((item) => item.route === PAYMENT_METHODS_PATH && !item.disabled),
  );
}
