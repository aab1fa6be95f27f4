import type { Session } from '../../../contract/sessions.schema';
import { whatsappUrl } from '../../components/shell/whatsapp-link';
import { sessionTimeText } from '../sessions/session-format';

/*
 * 'Compartir por WhatsApp' of a call-up: a wa.me link with no number (WhatsApp asks whom
 * to send it to, a team's group most often) and the message typed in, in Spanish, with
 * the link that opens the session in the app, where each family answers.
 */

/** Where the session opens in the app: the calendar with its side panel. */
export const sessionAppLink = (origin: string, sessionId: number) =>
  `${origin}/home/calendar?session=${sessionId}`;

/**
 * The message: title, day and time as Colombia writes them (the club's wall clock in
 * `timeZone`), place, and the app link.
 */
export function callUpShareText(
  session: Pick<Session, 'id' | 'title' | 'starts_at' | 'ends_at' | 'location'>,
  origin: string,
  timeZone: string,
): string {
  return [
    `Convocatoria: ${session.title}`,
    `Fecha: ${sessionTimeText(session, timeZone)}`,
    ...(session.location ? [`Lugar: ${session.location}`] : []),
    `Responde Voy, No voy o Tal vez en la app: ${sessionAppLink(origin, session.id)}`,
  ].join('\n');
}

/** The wa.me link with the message, for the session as the panel shows it. */
export const callUpWhatsappUrl = (
  session: Pick<Session, 'id' | 'title' | 'starts_at' | 'ends_at' | 'location'>,
  origin: string,
  timeZone: string,
) => whatsappUrl('', callUpShareText(session, origin, timeZone));
