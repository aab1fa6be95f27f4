import type { Session } from '../../../contract/sessions.schema';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { CALL_UP_TYPES, SessionCallUps } from '../call-ups/session-call-ups';

/**
 * What the side panel shows below a session's details and actions: the call-up
 * (convocatoria) of a match, tournament, event or meeting (issue #14).
 */
export function SessionExtras({ session }: { session: Session }) {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  if (!CALL_UP_TYPES.includes(session.type)) return null;
  return <SessionCallUps key={session.id} clubId={clubId} session={session} />;
}
