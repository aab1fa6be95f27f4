/*
 * The plan's limit of active players (issue #17). A create, an import or a reactivation
 * that would take a club past its plan's `max_players` is refused with 409 and one error
 * on the path `plan_limit`: the machine-readable code the UI looks for to offer the
 * upgrade (the same `errors[].path` every other refusal names its field with).
 */

/** The error path (and code) of a refusal for the plan's player limit. */
export const PLAN_LIMIT_CODE = 'plan_limit';

const number = new Intl.NumberFormat('es-CO');

const upgrade = (upgradable: boolean) => (upgradable ? ' Actualiza a Pro para agregar más.' : '');

export const planLimitMessages = {
  /** One more player (a new one, or an inactive one made active) does not fit. */
  full: (planName: string, max: number, upgradable: boolean) =>
    `Tu plan ${planName} permite hasta ${number.format(max)} jugadores activos.${upgrade(upgradable)}`,
  /** An import would leave `after` active players; `room` more fit. */
  importTooBig: (
    planName: string,
    max: number,
    upgradable: boolean,
    { room, after }: { room: number; after: number },
  ) =>
    `Tu plan ${planName} permite hasta ${number.format(max)} jugadores activos y este archivo ` +
    `dejaría ${number.format(after)}: ` +
    (room > 0
      ? `el club puede recibir ${number.format(room)} más.`
      : 'el club no puede recibir más.') +
    ` No se importó nada.${upgrade(upgradable)}`,
};
