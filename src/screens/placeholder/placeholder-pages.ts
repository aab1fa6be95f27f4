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
  '/admin/dashboard': {
    title: 'Panel de administración',
    description: 'Aquí verás el resumen de toda la plataforma.',
  },
} as const satisfies Record<string, PlaceholderPage>;

export type PlaceholderPath = keyof typeof placeholderPages;
