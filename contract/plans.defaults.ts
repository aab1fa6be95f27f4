/*
 * The platform's plans as the product ships them (issue #17), without zod: the landing
 * page shows them on first load, the server answers them from GET /api/plans until the
 * super admin stores others in platform_settings 'plans' (contract/plans.schema.ts).
 */

export const planIds = ['free', 'pro'] as const;
export type PlanId = (typeof planIds)[number];

/** What a plan is, as the public pages and the subscription page show it. */
export interface PlanInfo {
  id: PlanId;
  /** 'Gratis', 'Pro'. */
  name: string;
  /** What it costs, as shown ('$ 0', 'Próximamente'). */
  price: string;
  /** One sentence under the name. */
  description: string;
  /** What the plan includes, one line each. */
  features: string[];
  /** At most this many active players per club; null: no limit. */
  max_players: number | null;
  /** False while the plan cannot be bought yet (Pro: the upgrade dialog only asks). */
  available: boolean;
}

/** The plans' Spanish names by id, for a club's `plan` column. */
export const planNames: Record<PlanId, string> = { free: 'Gratis', pro: 'Pro' };

export const DEFAULT_PLANS: readonly PlanInfo[] = [
  {
    id: 'free',
    name: 'Gratis',
    price: '$ 0',
    description: 'Todo lo que un club necesita para organizarse, sin costo.',
    features: [
      'Jugadores, categorías y entrenadores',
      'Cobros, pagos y recibos en PDF',
      'Calendario, convocatorias y asistencia',
      'Notificaciones a jugadores y familias',
      'Roles y permisos por club',
      'Hasta 200 jugadores activos',
    ],
    max_players: 200,
    available: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 'Próximamente',
    description: 'Para clubes que crecen y quieren acompañamiento.',
    features: [
      'Todo lo del plan Gratis',
      'Jugadores ilimitados',
      'Reportes avanzados y exportaciones',
      'Soporte prioritario por WhatsApp y correo',
      'Acceso ilimitado a nuestro equipo de soporte',
    ],
    max_players: null,
    available: false,
  },
];
