import type { Session } from '../../../contract/sessions.schema';

/**
 * Where the session's call-ups (convocatorias) will show in the side panel; the call-ups
 * work of issue #14 fills it. Nothing yet.
 */
export function SessionExtras(_props: { session: Session }) {
  return null;
}
