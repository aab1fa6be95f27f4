import type { PlayerCreate } from '../../../contract/players.schema';
import {
  type LinkRequestDeps,
  createLinkRequest,
  typedBy,
} from '../link-requests/link-request.create';
import type { Tx } from '../people/people.service';
import { checkActiveCategory, clubColumns } from './player-rules';
import type { CategoryScope } from './player-scope';

/**
 * The players form found a person the club may not link directly (issue #33): the
 * category it chose is checked, then a link request carries the club's fields, to be
 * written when the person (or their guardian) accepts. Inside the form's transaction.
 */
export async function askPlayer(
  tx: Tx,
  deps: LinkRequestDeps,
  ask: { clubId: number; callerId: number; id: number; input: PlayerCreate; scope: CategoryScope },
) {
  const { clubId, input } = ask;
  if (input.category_id != null) {
    await checkActiveCategory(tx, clubId, input.category_id, ask.scope);
  }
  return createLinkRequest(tx, deps, {
    clubId,
    personId: ask.id,
    kind: 'player',
    fields: { kind: 'player', columns: clubColumns(input) },
    typed: typedBy(input),
    requestedBy: ask.callerId,
  });
}
