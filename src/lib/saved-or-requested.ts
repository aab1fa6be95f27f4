import type { LinkRequestCreatedResponse } from '../../contract/link-requests.schema';

/**
 * What a club's POST of a player or trainer gave (issue #33 item 1): the person saved
 * (201), or a link request sent to a person who belongs elsewhere (202), whom the club does
 * not see until they (or their guardian) accept.
 */
export type SavedOrRequested<T> =
  { kind: 'saved'; saved: T } | { kind: 'requested'; request: LinkRequestCreatedResponse };
