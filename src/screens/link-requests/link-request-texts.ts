import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';
import {
  type IncomingLinkRequest,
  linkRequestKindLabels,
} from '../../../contract/link-requests.schema';

/**
 * dd/mm/aaaa of an ISO instant, its day in `timeZone` (the club's; Bogotá, the clubs'
 * zone, where the screen does not know the asking club's own).
 */
export const dateText = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  formatInstantDay(iso, timeZone);

/** 'como jugador', 'como entrenador'. */
export const asWhat = (kind: IncomingLinkRequest['kind']) => `como ${linkRequestKindLabels[kind]}`;

/** For whom the request is: 'Tú', or the child's name when answered as their guardian. */
export const forWhom = (request: Pick<IncomingLinkRequest, 'as_guardian' | 'person'>) =>
  request.as_guardian ? `${request.person.name} ${request.person.lastname}`.trim() : 'Tú';
