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
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import { canSee, type MaybePermissions, type Requirement } from '../../lib/permissions';

/*
 * The sidebar of spec §2 as data: what each item is called, where it goes, what it needs
 * and when it counts as the current page. sidebar.tsx only draws what `buildSidebar` says.
 *
 * Requirements (the menu filter of spec §2; same names as the server, DOMAIN.md trap 15):
 *
 * | Item                            | Requirement        |
 * |---------------------------------|--------------------|
 * | Dashboard                       | none               |
 * | Club / Equipo                   | club               |
 * | Categorías                      | categories         |
 * | Entrenadores                    | trainers           |
 * | Jugadores                       | players            |
 * | Calendario                      | sessions           |
 * | Pagos                           | payments           |
 * | Descuentos                      | payments.update    |
 * | Cobros                          | payments.update    |
 * | Configuración                   | settings.manage    |
 * | Administración section (both)   | settings.manage    |
 * | Sistema section (six items)     | super admin only   |
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
  route: string;
  icon: typeof SvgIcon;
  section: SidebarSectionId;
  /** Module slug or `module.permission`; null when every signed-in user sees it. */
  requirement: Requirement | null;
  /** Other paths on which this item is the current page, besides its route and below. */
  activeAlso?: (pathname: string) => boolean;
  /** Still usable without a selected club (the guard allows these pages without one). */
  usableWithoutClub?: boolean;
}

export const sidebarItems: readonly SidebarItem[] = [
  {
    label: 'Dashboard',
    route: '/home/dashboard',
    icon: DashboardOutlined,
    section: 'main',
    requirement: null,
    usableWithoutClub: true,
  },
  {
    label: 'Club / Equipo',
    route: '/home/club-team',
    icon: ShieldOutlined,
    section: 'main',
    requirement: 'club',
    activeAlso: (pathname) => isAtOrBelow(pathname, '/home/create-club-team'),
    usableWithoutClub: true,
  },
  {
    label: 'Categorías',
    route: '/home/categories',
    icon: CategoryOutlined,
    section: 'main',
    requirement: 'categories',
  },
  {
    label: 'Entrenadores',
    route: '/home/trainers',
    icon: SportsOutlined,
    section: 'main',
    requirement: 'trainers',
  },
  {
    label: 'Jugadores',
    route: '/home/players',
    icon: GroupsOutlined,
    section: 'main',
    requirement: 'players',
    // The spec's rule as written: player-create/{id} and any other /home/player-… page.
    activeAlso: (pathname) => pathname.includes('/home/player-'),
  },
  {
    label: 'Calendario',
    route: '/home/calendar',
    icon: CalendarMonthOutlined,
    section: 'main',
    requirement: 'sessions',
  },
  {
    label: 'Pagos',
    route: '/home/payments',
    icon: PaymentsOutlined,
    section: 'main',
    requirement: 'payments',
  },
  {
    label: 'Descuentos',
    route: '/home/discounts',
    icon: LocalOfferOutlined,
    section: 'parametrization',
    requirement: 'payments.update',
  },
  {
    label: 'Cobros',
    route: '/home/chargers',
    icon: RequestQuoteOutlined,
    section: 'parametrization',
    requirement: 'payments.update',
  },
  {
    label: 'Configuración',
    route: '/home/admin/payment_methods',
    icon: SettingsOutlined,
    section: 'parametrization',
    requirement: SETTINGS_MANAGE,
  },
  {
    label: 'Gestión de Roles',
    route: '/home/admin/roles',
    icon: AdminPanelSettingsOutlined,
    section: 'administration',
    requirement: SETTINGS_MANAGE,
  },
  {
    label: 'Asignación de Roles a Usuarios',
    route: '/home/admin/users-roles',
    icon: ManageAccountsOutlined,
    section: 'administration',
    requirement: SETTINGS_MANAGE,
  },
  ...(
    [
      ['Administración del Sistema', 'system', DnsOutlined],
      ['Análisis Global', 'analytics', InsightsOutlined],
      ['Reportes del Sistema', 'reports', AssessmentOutlined],
      ['Comunicaciones Masivas', 'communications', CampaignOutlined],
      ['Gestión Web y Blog', 'blog', ArticleOutlined],
      ['Panel Super Admin', 'super-admin-panel', SupervisorAccountOutlined],
    ] as const
  ).map(([label, page, icon]): SidebarItem => ({
    label,
    route: `/home/admin/${page}`,
    icon,
    section: 'system',
    // Checked through the super-admin flag, never through a permission name.
    requirement: null,
  })),
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
 * See the table at the top of this file for the rules.
 */
export function buildSidebar(access: SidebarAccess): SidebarSection[] {
  const hasClub = access.selectedClubId > 0;
  const greysWithoutClub = !hasClub && !access.isSuperAdmin;

  return sectionOrder
    .filter((id) => showsSection(id, access))
    .map((id): SidebarSection => {
      const isClubWork = id === 'main' || id === 'parametrization';
      const items = sidebarItems
        .filter((item) => item.section === id)
        .filter(
          (item) =>
            access.isSuperAdmin ||
            (isClubWork && greysWithoutClub) ||
            item.requirement === null ||
            canSee(access.permissions, item.requirement),
        )
        .map((item) => ({
          ...item,
          disabled: isClubWork && greysWithoutClub && !item.usableWithoutClub,
        }));
      return { id, heading: headingOf(id, access.isSuperAdmin), items };
    })
    .filter((section) => section.items.length > 0);
}
