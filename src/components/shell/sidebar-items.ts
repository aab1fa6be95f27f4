import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import SportsOutlined from '@mui/icons-material/SportsOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { SETTINGS_MANAGE } from '../../../contract/names';
import {
  meetsRequirement,
  menuRequirement,
  type PageRequirement,
  type ShellPagePath,
} from '../../lib/page-access';
import { canSee, type MaybePermissions } from '../../lib/permissions';

/*
 * The sidebar of spec §2 as data: what each item is called, where it goes, its icon and
 * section, and when it counts as the current page. What an item requires comes from the
 * pages table (src/lib/page-access.ts), which the route guard shares, so a hidden item's
 * page is also refused. sidebar.tsx only draws what `buildSidebar` says.
 *
 * Without a selected club (id not above 0) and not super admin, nothing is filtered by
 * permission (the user has no club to hold permissions in); the main and Parametrización
 * items show greyed and unclickable, except Dashboard and Club / Equipo, which stay usable
 * because the route guard lets a user without a club open them (spec §2, guard rule 3) and
 * Club / Equipo is where a club is chosen or created.
 */

export type SidebarSectionId = 'main' | 'parametrization' | 'administration' | 'system';

export interface SidebarItem {
  label: string;
  route: ShellPagePath;
  icon: typeof SvgIcon;
  section: SidebarSectionId;
  /** From the pages table: module slug, permission name, super admin only, or null. */
  requirement: PageRequirement;
  /** Other paths on which this item is the current page, besides its route and below. */
  activeAlso?: (pathname: string) => boolean;
  /** Still usable without a selected club (the guard allows these pages without one). */
  usableWithoutClub?: boolean;
}

type ItemOptions = Pick<SidebarItem, 'activeAlso' | 'usableWithoutClub'>;

const item = (
  label: string,
  route: ShellPagePath,
  icon: typeof SvgIcon,
  section: SidebarSectionId,
  options: ItemOptions = {},
): SidebarItem => ({
  label,
  route,
  icon,
  section,
  requirement: menuRequirement(route),
  ...options,
});

export const sidebarItems: readonly SidebarItem[] = [
  item('Dashboard', '/home/dashboard', DashboardOutlined, 'main', { usableWithoutClub: true }),
  item('Club / Equipo', '/home/club-team', ShieldOutlined, 'main', {
    activeAlso: (pathname) => isAtOrBelow(pathname, '/home/create-club-team'),
    usableWithoutClub: true,
  }),
  item('Categorías', '/home/categories', CategoryOutlined, 'main'),
  item('Entrenadores', '/home/trainers', SportsOutlined, 'main'),
  item('Jugadores', '/home/players', GroupsOutlined, 'main', {
    // The spec's rule as written: player-create/{id} and any other /home/player-… page.
    activeAlso: (pathname) => pathname.includes('/home/player-'),
  }),
  item('Calendario', '/home/calendar', CalendarMonthOutlined, 'main'),
  item('Pagos', '/home/payments', PaymentsOutlined, 'main'),
  item('Descuentos', '/home/discounts', LocalOfferOutlined, 'parametrization'),
  item('Cobros', '/home/chargers', RequestQuoteOutlined, 'parametrization'),
  item('Configuración', '/home/admin/payment_methods', SettingsOutlined, 'parametrization'),
  item('Gestión de Roles', '/home/admin/roles', AdminPanelSettingsOutlined, 'administration'),
  item(
    'Asignación de Roles a Usuarios',
    '/home/admin/users-roles',
    ManageAccountsOutlined,
    'administration',
  ),
  item('Administración del Sistema', '/home/admin/system', DnsOutlined, 'system'),
  item('Análisis Global', '/home/admin/analytics', InsightsOutlined, 'system'),
  item('Reportes del Sistema', '/home/admin/reports', AssessmentOutlined, 'system'),
  item('Comunicaciones Masivas', '/home/admin/communications', CampaignOutlined, 'system'),
  item('Gestión Web y Blog', '/home/admin/blog', ArticleOutlined, 'system'),
  item('Panel Super Admin', '/home/admin/super-admin-panel', SupervisorAccountOutlined, 'system'),
];

/** True on `base` itself and on any path below it (`/home/players/12`). */
function isAtOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether `item` is the current page at `pathname`. */
export function isItemActive(item: SidebarItem, pathname: string): boolean {
  return isAtOrBelow(pathname, item.route) || (item.activeAlso?.(pathname) ?? false);
}

/** What the sidebar depends on. */
export interface SidebarAccess {
  permissions: MaybePermissions;
  isSuperAdmin: boolean;
  /** The selected club's id; 0 (or below) when none is selected. */
  selectedClubId: number;
}

export interface VisibleSidebarItem extends SidebarItem {
  /** Greyed and not clickable: no club is selected yet. */
  disabled: boolean;
}

export interface SidebarSection {
  id: SidebarSectionId;
  /** The section heading; null for the main items, which have none. */
  heading: string | null;
  items: VisibleSidebarItem[];
}

function headingOf(id: SidebarSectionId, isSuperAdmin: boolean): string | null {
  switch (id) {
    case 'main':
      return null;
    case 'parametrization':
      return 'Parametrización';
    case 'administration':
      return isSuperAdmin ? 'Super Administración' : 'Administración';
    case 'system':
      return 'Sistema';
  }
}

const sectionOrder: readonly SidebarSectionId[] = [
  'main',
  'parametrization',
  'administration',
  'system',
];

/** Whether a whole section is shown to this user. */
function showsSection(id: SidebarSectionId, access: SidebarAccess): boolean {
  if (id === 'system') return access.isSuperAdmin;
  if (id === 'administration') {
    return access.isSuperAdmin || canSee(access.permissions, SETTINGS_MANAGE);
  }
  return true;
}

/**
 * The sections and items this user sees, in menu order; empty sections are left out.
 * What each item requires: src/lib/page-access.ts.
 */
export function buildSidebar(access: SidebarAccess): SidebarSection[] {
  const hasClub = access.selectedClubId > 0;
  const greysWithoutClub = !hasClub && !access.isSuperAdmin;

  return sectionOrder
    .filter((id) => showsSection(id, access))
    .map((id): SidebarSection => {
      const isClubWork = id === 'main' || id === 'parametrization';
      const items = sidebarItems
        .filter((entry) => entry.section === id)
        .filter(
          (entry) =>
            (isClubWork && greysWithoutClub) || meetsRequirement(entry.requirement, access),
        )
        .map((entry) => ({
          ...entry,
          disabled: isClubWork && greysWithoutClub && !entry.usableWithoutClub,
        }));
      return { id, heading: headingOf(id, access.isSuperAdmin), items };
    })
    .filter((section) => section.items.length > 0);
}
