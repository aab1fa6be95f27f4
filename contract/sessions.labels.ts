/*
 * The calendar's names without zod (issue #14): types, statuses, scopes, their Spanish
 * labels, the limits and the refusals. contract/sessions.schema.ts builds the schemas on
 * them and re-exports them.
 */

export const sessionTypes = ['training', 'match', 'meeting', 'tournament', 'event'] as const;
export type SessionType = (typeof sessionTypes)[number];
export const sessionTypeLabels: Record<SessionType, string> = {
  training: 'Entrenamiento',
  match: 'Partido',
  meeting: 'Reunión',
  tournament: 'Torneo',
  event: 'Evento',
};

export const sessionStatuses = ['scheduled', 'cancelled', 'done'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
export const sessionStatusLabels: Record<SessionStatus, string> = {
  scheduled: 'Programada',
  cancelled: 'Cancelada',
  done: 'Realizada',
};

export const homeAwayValues = ['home', 'away'] as const;
export type HomeAway = (typeof homeAwayValues)[number];
export const homeAwayLabels: Record<HomeAway, string> = { home: 'Local', away: 'Visitante' };

/** Which occurrences of a series an edit, a cancellation or a delete reaches. */
export const sessionScopes = ['this', 'following', 'series'] as const;
export type SessionScope = (typeof sessionScopes)[number];
export const sessionScopeLabels: Record<SessionScope, string> = {
  this: 'Solo este',
  following: 'Este y los siguientes',
  series: 'Toda la serie',
};

/** ISO weekday names, index 0 = Monday (1). */
export const isoWeekdayLabels = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

export const SESSION_TITLE_MAX = 120;
export const SESSION_TEXT_MAX = 200;
export const SESSION_NOTES_MAX = 2000;
/** A series produces at most this many occurrences (a weekly season fits easily). */
export const SERIES_MAX_OCCURRENCES = 400;
/** A series may run at most this many days from its first day. */
export const SERIES_MAX_DAYS = 731;
/** A range query spans at most this many days. */
export const RANGE_MAX_DAYS = 366;

export const sessionMessages = {
  notFound: 'Sesión no encontrada',
  badType: 'El tipo debe ser entrenamiento, partido, reunión, torneo o evento',
  badStatus: "El estado debe ser 'scheduled', 'cancelled' o 'done'",
  badInstant: (label: string) => `${label} debe ser una fecha y hora ISO 8601 con zona horaria`,
  badDate: (label: string) => `${label} debe ser una fecha AAAA-MM-DD válida`,
  endBeforeStart: 'La hora de fin debe ser posterior a la de inicio',
  tooLong: 'Una sesión no puede durar más de 24 horas',
  badWeekday: 'Los días de la semana van de 1 (lunes) a 7 (domingo)',
  weekdaysNeeded: 'Elige al menos un día de la semana',
  seriesEndNeeded: 'Una serie necesita una fecha de fin o un número de repeticiones',
  seriesTwoEnds: 'Indica la fecha de fin o el número de repeticiones, no ambos',
  untilBeforeStart: 'La fecha de fin de la serie es anterior al inicio',
  seriesTooLong: `Una serie no puede pasar de ${SERIES_MAX_OCCURRENCES} sesiones ni de dos años`,
  seriesEmpty: 'La serie no produce ninguna sesión con esos días y fechas',
  badCount: `Las repeticiones van de 1 a ${SERIES_MAX_OCCURRENCES}`,
  badScope: "El alcance debe ser 'this', 'following' o 'series'",
  scopeNeedsSeries: 'Esta sesión no pertenece a una serie',
  recurrenceNeedsScope:
    'Cambiar la repetición afecta a la serie: elige este y los siguientes o toda la serie',
  unknownCategory: 'Esa categoría no existe en el club',
  unknownTrainer: 'Esa persona no es entrenador del club',
  notYourCategory: 'Solo puedes gestionar sesiones de tus categorías',
  cancelled: 'La sesión está cancelada',
  alreadyCancelled: 'La sesión ya está cancelada',
  resultOnlyMatch: 'Solo un partido o un torneo tiene resultado',
  resultOfCancelled: 'Una sesión cancelada no tiene resultado',
  badScore: 'El marcador es un número entero de 0 a 99',
  badRange: 'El rango de fechas no es válido: «to» debe ser posterior a «from»',
  rangeTooLong: `El rango no puede pasar de ${RANGE_MAX_DAYS} días`,
  badIdList: 'Debe ser una lista de ids separados por comas',
  badTypeList: 'Debe ser una lista de tipos separados por comas',
  hasAttendance: 'La sesión ya tiene asistencia registrada; cancélala en lugar de eliminarla',
  hasCallUps: 'La sesión ya tiene jugadores convocados; cancélala en lugar de eliminarla',
} as const;
