import {
  type IncomingLinkRequest,
  linkRequestKindLabels,
} from '../../../contract/link-requests.schema';
import { dayjs } from '../../theme/dayjs';

/** dd/mm/aaaa of an ISO instant. */
export const dateText = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/** 'como jugador', 'como entrenador'. */
export const asWhat = (kind: IncomingLinkRequest['kind']) => `como ${linkRequestKindLabels[kind]}`;

/** For whom the request is: 'Tú', or the child's name when answered as their guardian. */
export const forWhom = (request: Pick<IncomingLinkRequest, 'as_guardian' | 'person'>) =>
  request.as_guardian ? `${request.person.name} ${request.person.lastname}`.trim() : 'Tú';
