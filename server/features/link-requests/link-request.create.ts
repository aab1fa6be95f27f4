import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import {
  type ClubLinkRequest,
  LINK_REQUEST_DAYS,
  type LinkRequestKind,
  linkRequestMessages,
} from '../../../contract/link-requests.schema';
import { clubs } from '../../db/schema/clubs';
import {
  type LinkRequestFields,
  linkRequestTokens,
  linkRequests,
} from '../../db/schema/link-requests';
import { users } from '../../db/schema/users';
import { conflictOn } from '../../lib/app-error';
import { type Clock, addMs } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import type { OutgoingMail } from '../../mail/mailer';
import type { MailOutbox } from '../../mail/outbox';
import { createNotifier } from '../notifications/notify';
import type { Tx } from '../people/people.service';
import { linkRequestMail, linkRequestText } from './link-request.mail';
import { recipientsOf } from './link-request.recipients';
import { clubRequestById } from './link-request.queries';

/*
 * Creating a link request (issue #33 item 1), inside the caller's transaction (the form's
 * or the import's, after their checks): the request, one single-use token per recipient,
 * an in-app notification for each recipient with an account and an e-mail for every
 * recipient (queued in the outbox; the caller dispatches after commit). Nothing here tells
 * the club who the person is or whether anybody could be asked.
 */

export interface LinkRequestDeps {
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
}

export interface LinkRequestInput {
  clubId: number;
  personId: number;
  kind: LinkRequestKind;
  fields: LinkRequestFields;
  typed: {
    name: string;
    document_type?: string | null | undefined;
    document_number?: string | null | undefined;
    email?: string | null | undefined;
  };
  requestedBy: number | null;
  /** 'skip': answer null when one is already pending (an import), instead of the 409. */
  onPending?: 'refuse' | 'skip';
}

export interface CreatedLinkRequest {
  request: ClubLinkRequest;
  /** The queued e-mails; send them (`outbox.dispatch`) after commit. */
  mails: OutgoingMail[];
}

export const newLinkToken = () => randomBytes(32).toString('hex');

/** What a club's form typed about the person, as the request keeps it. */
export const typedBy = (input: {
  name: string;
  lastname: string;
  document_type?: string | null | undefined;
  document_number?: string | null | undefined;
  email?: string | null | undefined;
}): LinkRequestInput['typed'] => ({
  name: `${input.name} ${input.lastname}`,
  document_type: input.document_type,
  document_number: input.document_number,
  email: input.email,
});

/** Creates the request, its tokens, notifications and e-mails; 409 when one is pending. */
export async function createLinkRequest(
  tx: Tx,
  deps: LinkRequestDeps,
  input: LinkRequestInput & { onPending?: 'refuse' },
): Promise<CreatedLinkRequest>;
export async function createLinkRequest(
  tx: Tx,
  deps: LinkRequestDeps,
  input: LinkRequestInput & { onPending: 'skip' },
): Promise<CreatedLinkRequest | null>;
export async function createLinkRequest(
  tx: Tx,
  deps: LinkRequestDeps,
  input: LinkRequestInput,
): Promise<CreatedLinkRequest | null> {
  const now = deps.clock.now();
  // A pending request past its date is expired, and no longer blocks a new one.
  await tx
    .update(linkRequests)
    .set({ status: 'expired' })
    .where(
      and(
        eq(linkRequests.clubId, input.clubId),
        eq(linkRequests.personId, input.personId),
        eq(linkRequests.kind, input.kind),
        eq(linkRequests.status, 'pending'),
        lte(linkRequests.expiresAt, now),
      ),
    );
  const [created] = await tx
    .insert(linkRequests)
    .values({
      clubId: input.clubId,
      personId: input.personId,
      kind: input.kind,
      fields: input.fields,
      typedName: input.typed.name,
      typedDocumentType: input.typed.document_type ?? null,
      typedDocumentNumber: input.typed.document_number ?? null,
      typedEmail: input.typed.email ?? null,
      requestedBy: input.requestedBy,
      requestedAt: now,
      expiresAt: addMs(now, LINK_REQUEST_DAYS * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: linkRequests.id });
  if (!created) {
    if (input.onPending === 'skip') return null;
    throw conflictOn(
      input.typed.document_number ? 'document_number' : 'email',
      linkRequestMessages.alreadyPending,
    );
  }

  const [club] = await tx
    .select({ name: clubs.name })
    .from(clubs)
    .where(eq(clubs.id, input.clubId));
  const [person] = await tx
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, input.personId));
  const recipients = await recipientsOf(tx, input.personId, now);
  const clubName = club?.name ?? '';
  const childName = recipients.minor && person ? `${person.name} ${person.lastname}` : null;

  const mails: OutgoingMail[] = [];
  const targets = [
    ...recipients.accounts.map((account) => ({ id: account.id, email: account.email })),
    ...(recipients.emailOnly ? [{ id: null, email: recipients.emailOnly }] : []),
  ];
  for (const target of targets) {
    if (!target.email) continue;
    const token = newLinkToken();
    await tx.insert(linkRequestTokens).values({
      requestId: created.id,
      tokenHash: hashSecretToken(token),
      recipientId: target.id,
      email: target.email,
    });
    mails.push(
      await deps.outbox.add(
        tx,
        linkRequestMail({
          appUrl: deps.appUrl,
          to: target.email,
          token,
          clubName,
          kind: input.kind,
          childName,
        }),
      ),
    );
  }
  const accountIds = recipients.accounts.map((account) => account.id);
  if (accountIds.length > 0) {
    const { title, message } = linkRequestText({ clubName, kind: input.kind, childName });
    await createNotifier({ clock: deps.clock, outbox: deps.outbox, appUrl: deps.appUrl }).notify(
      tx,
      accountIds,
      {
        clubId: input.clubId,
        type: 'system_alert',
        priority: 'high',
        title,
        message,
        actionUrl: '/home/club-team',
        subject: `link-request:${created.id}`,
        data: { link_request_id: created.id },
        // The e-mail with the answer link is sent above, one per recipient.
        email: false,
      },
    );
  }
  return { request: await clubRequestById(tx, input.clubId, created.id, now), mails };
}
