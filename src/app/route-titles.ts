import { pageTitle } from '../lib/use-page-meta';
import { screenPatternOf, type ScreenPath } from './route-modules';

/*
 * Each page's document title, by route pattern: the browser tab, the history list, a
 * bookmark and a screen reader's announcement of a new page name the page, not only the app
 * (issue #34 item 7). The sidebar's names where it has the page. Loaded after the first page
 * (document-title.ts), so the strings weigh on no page's first load.
 */

/**
 * Every registered route must have one: the type refuses a route left out. `null`: the
 * public site's pages, which name themselves with their description for sharing and
 * search engines (`usePageMeta`: a post by its own title, a page by the title it was saved
 * with), so this table leaves them alone.
 */
export const routeTitles = {
  '/login': 'Iniciar sesión',
  '/register': 'Crear cuenta',
  '/forgot-password': 'Recuperar contraseña',
  '/reset-password': 'Restablecer contraseña',
  '/': null,
  '/blog': null,
  '/blog/:slug': null,
  '/terminos': null,
  '/privacidad': null,
  '/centro-ayuda': null,
  '/confirmar-correo': 'Confirmar correo',
  '/invitation/:token': 'Invitación',
  '/link-request/:token': 'Solicitud de vinculación',
  '/contact': null,
  '/pricing': null,
  '/about': null,
  '/home/dashboard': 'Dashboard',
  '/home/subscription': 'Suscripción',
  '/home/club-team': 'Club / Equipo',
  '/home/create-club-team': 'Crear club / equipo',
  '/home/create-club-team/:clubIdToEdit': 'Editar club / equipo',
  '/home/categories': 'Categorías',
  '/home/trainers': 'Entrenadores',
  '/home/trainings': 'Entrenamientos',
  '/home/players': 'Jugadores',
  '/home/calendar': 'Calendario',
  '/home/attendance/:sessionId': 'Asistencia',
  '/home/player-create/:playerId?': 'Jugador',
  '/home/payments': 'Pagos',
  '/home/chargers': 'Cobros',
  '/home/discounts': 'Descuentos',
  '/home/account': 'Mi cuenta',
  '/home/settings': 'Configuración',
  '/home/admin/payment_methods': 'Medios de pago',
  '/home/admin/roles': 'Gestión de Roles',
  '/home/admin/users-roles': 'Asignación de Roles a Usuarios',
  '/home/admin/system': 'Administración del Sistema',
  '/home/admin/reports': 'Reportes del Sistema',
  '/home/admin/super-admin-panel': 'Panel Super Admin',
  '/home/admin/analytics': 'Análisis Global',
  '/home/admin/communications': 'Comunicaciones Masivas',
  '/home/admin/blog': 'Gestión Web y Blog',
  '/home/parent-dashboard': 'Panel de padres',
  '/home/player-dashboard': 'Panel del jugador',
  '/admin/dashboard': 'Dashboard',
  '/dev/statecharts': 'Diagramas de estado',
  '/onboarding': 'Bienvenida',
  '/onboarding/*': 'Bienvenida',
} satisfies Record<ScreenPath, string | null>;

export const NOT_FOUND_TITLE = 'Página no encontrada';

/**
 * The document title of the page at `pathname` ('Jugadores · Gestión deportiva'), or null
 * when the page sets its own.
 */
export function documentTitle(pathname: string): string | null {
  const pattern = screenPatternOf(pathname);
  const page = pattern ? routeTitles[pattern] : NOT_FOUND_TITLE;
  return page === null ? null : pageTitle(page);
}
