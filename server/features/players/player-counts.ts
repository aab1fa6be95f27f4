import { eq } from 'drizzle-orm';
import { players } from '../../db/schema/players';

/**
 * What 'Jugadores' counts on the platform's screens (the super admin's dashboard, Análisis
 * Global and the clubs of Administración del Sistema, issue #34 item 6: they said 121 and
 * 114): active player memberships, a `players` row with status 'active'. One person
 * playing in two clubs counts twice; an inactive (withdrawn) player does not count.
 */
export const isActivePlayer = eq(players.status, 'active');
