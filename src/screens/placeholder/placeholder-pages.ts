/** What a placeholder page shows until its issue builds the real screen. */
export interface PlaceholderPage {
  /** The h1: the page's label in the sidebar (or its own name when the sidebar has none). */
  title: string;
  /** One line saying what will live there. */
  description: string;
}

/**
 * The pages of the authenticated area that later issues build, by route pattern. The titles
 * are the sidebar labels of SPEC.md §2, so a test finds the same words in the menu and the
 * page. `/home/trainings` stays a placeholder by the spec.
 */
export const placeholderPages = {
  '/home/club-team': {
    title: 'Club / Equipo',
    description: 'Aquí verás tus clubes y equipos, y podrás elegir con cuál trabajar.',
  },
  '/home/create-club-team': {
    title: 'Crear club / equipo',
    description: 'Aquí podrás registrar un nuevo club o equipo.',
  },
  '/home/create-club-team/:clubIdToEdit': {
    title: 'Editar club / equipo',
    description: 'Aquí podrás cambiar los datos de tu club o equipo.',
  },
  '/home/trainings': {
    title: 'Entrenamientos',
    description: 'Próximamente podrás planificar aquí los entrenamientos.',
  },
  '/home/calendar': {
    title: 'Calendario',
    description: 'Aquí verás los entrenamientos y partidos del club.',
  },
  '/home/admin/analytics': {
    title: 'Análisis Global',
    description: 'Aquí verás las cifras de todos los clubes.',
  },
  '/home/admin/reports': {
    title: 'Reportes del Sistema',
    description: 'Aquí se generarán los reportes de la plataforma.',
  },
  '/home/admin/communications': {
    title: 'Comunicaciones Masivas',
    description: 'Aquí se enviarán mensajes a todos los usuarios.',
  },
  '/home/admin/blog': {
    title: 'Gestión Web y Blog',
    description: 'Aquí se publicarán las entradas del blog y el contenido del sitio.',
  },
  '/home/admin/super-admin-panel': {
    title: 'Panel Super Admin',
    description: 'Aquí estarán las herramientas del Super Admin.',
  },
  '/home/parent-dashboard': {
    title: 'Panel de padres',
    description: 'Aquí verás a tus hijos, sus entrenamientos y sus pagos.',
  },
  '/home/player-dashboard': {
    title: 'Panel del jugador',
    description: 'Aquí verás tus entrenamientos, partidos y pagos.',
  },
  '/admin/dashboard': {
    title: 'Panel de administración',
    description: 'Aquí verás el resumen de toda la plataforma.',
  },
} as const satisfies Record<string, PlaceholderPage>;

export type PlaceholderPath = keyof typeof placeholderPages;

/** The public pages whose content is not known yet (SPEC.md §2), by route pattern. */
export const publicPages = {
  '/blog': { title: 'Blog', description: 'Noticias y consejos para clubes deportivos.' },
  '/blog/:slug': { title: 'Blog', description: 'Esta entrada del blog estará disponible pronto.' },
  '/terminos': {
    title: 'Términos y condiciones',
    description: 'Las condiciones de uso de Gestión deportiva.',
  },
  '/privacidad': {
    title: 'Política de privacidad',
    description: 'Cómo tratamos los datos de tu club y de tus jugadores.',
  },
  '/centro-ayuda': {
    title: 'Centro de ayuda',
    description: 'Guías y respuestas a las preguntas frecuentes.',
  },
  '/about': {
    title: 'Acerca de',
    description: 'Quiénes somos y por qué hacemos Gestión deportiva.',
  },
} as const satisfies Record<string, PlaceholderPage>;

export type PublicPagePath = keyof typeof publicPages;
