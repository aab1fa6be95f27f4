import type { OutgoingMail } from '../../mail/mailer';
import { type LinkRequestDeps, createLinkRequest } from '../link-requests/link-request.create';
import type { Tx } from '../people/people.service';
import type { PlannedRow } from './player-imports.types';

/*
 * The rows of an import that name a person the club may not link directly (status
 * `request`, issue #33) become link requests inside the import's transaction; the person's
 * identity is never written.
 */

/** Who sends the link requests of an import (issue #33), and how their e-mails leave. */
export interface ImportLinkRequests {
  deps: LinkRequestDeps;
  requestedBy: number | null;
}

/**
 * The rows of people who belong elsewhere become link requests, in the import's
 * transaction (one already pending for that person is left as it is); returns how many
 * were sent and their e-mails, to dispatch after commit.
 */
export async function sendLinkRequests(
  tx: Tx,
  clubId: number,
  rows: PlannedRow[],
  links: ImportLinkRequests | undefined,
) {
  const mails: OutgoingMail[] = [];
  let sent = 0;
  for (const row of rows) {
    if (row.status !== 'request' || row.userId === null || !links) continue;
    const created = await createLinkRequest(tx, links.deps, {
      clubId,
      personId: row.userId,
      kind: 'player',
      fields: { kind: 'player', columns: clubColumnsOf(row) },
      typed: {
        name: row.name,
        document_type: row.person?.document_type,
        document_number: row.person?.document_number,
        email: row.person?.email,
      },
      requestedBy: links.requestedBy,
      onPending: 'skip',
    });
    if (!created) continue;
    sent += 1;
    mails.push(...created.mails);
  }
  return { sent, mails };
}

/** The club's fields of a request row, as the `players` columns (status is set on accept). */
function clubColumnsOf(row: PlannedRow): Record<string, unknown> {
  const { status: _status, ...columns } = (row.club ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value != null));
}
