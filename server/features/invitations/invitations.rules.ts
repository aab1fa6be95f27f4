import {
  INVITATION_TTL_DAYS,
  type InvitationStatus,
  invitationMessages,
} from '../../../contract/invitations.schema';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import type { invitations } from '../../db/schema/invitations';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MailOutbox } from '../../mail/outbox';
import type { Tx } from '../people/people.service';

/* What both sides of an invitation (the club's and the invitee's) share. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  outbox: MailOutbox;
  appUrl: string;
}

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * What a guardian invitation (`POST /api/parents/invite`) adds to `create`: its children
 * (linked on registration, named in the mail), whether their links are authorised then,
 * and what runs in the invitation's transaction (the audit row). An e-mail that already
 * holds the role still gets one: it links new children.
 */
export interface GuardianInvitationExtras {
  playerIds: number[];
  childNames: string[];
  authorizeOnAccept: boolean;
  /** Whom the mail greets (a guardian inviting another names them). */
  inviteeName?: string;
  /** The invitee's relationship to the children as a label ('Madre'), said in the mail. */
  relationship?: string;
  inTransaction?: (tx: Tx, invitationId: number) => Promise<void>;
}

/** The status a reader sees: a pending invitation past its expiry is 'expired'. */
export function statusAt(
  row: Pick<InvitationRow, 'status' | 'expiresAt'>,
  now: Date,
): InvitationStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

/** The 422 for answering an invitation that is no longer pending (as of `now`). */
export function notPending(status: InvitationStatus): AppError {
  if (status === 'expired') return new AppError(422, invitationMessages.expired);
  if (status === 'revoked') return new AppError(422, invitationMessages.revoked);
  return new AppError(422, invitationMessages.alreadyAnswered);
}

export const fullName = (name: string | null, lastname: string | null): string | null =>
  name === null ? null : `${name} ${lastname ?? ''}`.trim();
