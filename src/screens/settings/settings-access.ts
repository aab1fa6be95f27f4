import { AuthContext } from '../../app/auth-context';
import { meetsRequirement, menuRequirement } from '../../lib/page-access';
import { selectPermissions, selectSelectedClubId, selectUser } from '../../machines/auth.selectors';

/** The club's payment methods page, which the settings screen links to. */
export const PAYMENT_METHODS_PATH = '/home/admin/payment_methods';

/**
 * Whether the user may open 'Medios de pago': exactly when the sidebar offers its item
 * usable (src/components/shell/sidebar-items.ts: its requirement, settings.manage, met in
 * the selected club; a club is needed unless super admin). Read from the pages table, not
 * the sidebar, so this lazy screen does not split the shell's chunk.
 */
export function useCanOpenPaymentMethods(): boolean {
  const user = AuthContext.useSelector(selectUser);
  const permissions = AuthContext.useSelector(selectPermissions);
  const selectedClubId = AuthContext.useSelector(selectSelectedClubId);
  const isSuperAdmin = permissions?.is_super_admin ?? user?.is_super_admin ?? false;
  const usable = selectedClubId > 0 || isSuperAdmin;
  return (
    usable && meetsRequirement(menuRequirement(PAYMENT_METHODS_PATH), { permissions, isSuperAdmin })
  );
}
