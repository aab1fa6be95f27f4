import { and, eq, isNull } from 'drizzle-orm';
import {
  type ContactMessageCreate,
  contactMessages as texts,
} from '../../../contract/contact-messages.schema';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import type { OutgoingMail } from '../../mail/mailer';
import type { MailOutbox } from '../../mail/outbox';
import { type NotificationInput, createNotifier } from '../notifications/notify';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail the platform's inbox (each super admin) receives: the whole message. */
function mailOf(to: string, input: ContactMessageCreate) {
  const heading = input.subject ? `Asunto: ${input.subject}` : 'Sin asunto';
  const lines = [
    `${input.name} <${input.email}> escribió desde el formulario de contacto.`,
    heading,
    input.message,
    'Responde directamente a su correo.',
  ];
  return {
    to,
    subject: `Contacto: ${input.subject ?? input.name}`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join(''),
  };
}

/** The notification's one line: who wrote and the start of what they said. */
const preview = (input: ContactMessageCreate) => {
  const about = input.subject ?? input.message;
  return `${input.name} (${input.email}): ${about.length > 140 ? `${about.slice(0, 139)}…` : about}`;
};

/**
 * The super admins' in-app notice of contact message `id`: a platform-wide system alert.
 * No page lists contact messages, so it opens nothing: the e-mail holds the whole message.
 */
export const contactNotice = (id: number, input: ContactMessageCreate): NotificationInput => ({
  clubId: null,
  type: 'system_alert',
  priority: 'medium',
  title: texts.notificationTitle,
  message: preview(input),
  actionUrl: null,
  subject: `contact:${id}`,
  data: { contact_message_id: id },
  // In the app only: the full e-mail is the platform's copy whatever each super admin's
  // system_alert e-mail preference says, so the notice must not mail them twice.
  email: false,
});

/**
 * The public contact form (issue #17): the message is stored, e-mailed to every super
 * admin through the outbox and shown in their notification centre (a platform-wide
 * system alert), all in one transaction; the e-mails leave after commit.
 */
export function createContactMessagesService({
  db,
  clock,
  outbox,
}: {
  db: Db;
  clock: Clock;
  outbox: MailOutbox;
}) {
  const notifier = createNotifier({ clock, outbox });

  return {
    async create(input: ContactMessageCreate): Promise<{ id: number; created_at: string }> {
      const mails: OutgoingMail[] = [];
      const saved = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const now = clock.now();
        const [row] = await executor
          .insert(contactMessages)
          .values({ ...input, createdAt: now })
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        if (!row) throw new Error('contact_messages insert returned no row');
        const admins = await executor
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            and(eq(users.isSuperAdmin, true), eq(users.status, 'active'), isNull(users.deletedAt)),
          )
          .orderBy(users.id);
        for (const admin of admins) {
          if (admin.email) mails.push(await outbox.add(executor, mailOf(admin.email, input)));
        }
        await notifier.notify(
          executor,
          admins.map((admin) => admin.id),
          contactNotice(row.id, input),
        );
        return row;
      });
      for (const mail of mails) outbox.dispatch(mail);
      return { id: saved.id, created_at: saved.createdAt.toISOString() };
    },
  };
}

export type ContactMessagesService = ReturnType<typeof createContactMessagesService>;
