import { type SQL, and, count, eq, sql } from 'drizzle-orm';
import type {
  Announcement,
  AnnouncementCreate,
  AnnouncementListQuery,
  AnnouncementListResponse,
  SystemAlertCreate,
} from '../../../contract/announcements.schema';
import { announcements } from '../../db/schema/announcements';
import { users } from '../../db/schema/users';
import { applyList, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { type AnnounceDeps, type AnnouncementRow, announce } from './announce';
import { type AnnouncementReader, addressedTo } from './announcements.audience';

/*
 * The routes' side of announcements (issue #13 item 2): a club's announcements (the club
 * guard has checked communications.create / .view in the club of the URL) and the super
 * admin's system alerts (the admin guard has checked the flag). Sending goes through
 * `announce`; the e-mails leave after the transaction commits.
 */

export interface AnnouncementsService {
  create(clubId: number, senderId: number, input: AnnouncementCreate): Promise<Announcement>;
  /** The club's announcements; for a narrow `reader`, only those that reached them. */
  list(
    clubId: number,
    query: AnnouncementListQuery,
    reader?: AnnouncementReader,
  ): Promise<AnnouncementListResponse>;
  createAlert(senderId: number, input: SystemAlertCreate): Promise<Announcement>;
  listAlerts(query: AnnouncementListQuery): Promise<AnnouncementListResponse>;
}

const senderName = sql<string>`trim(${users.name} || ' ' || ${users.lastname})`;

function itemOf(row: AnnouncementRow, sender: { id: number; name: string }): Announcement {
  return {
    id: row.id,
    kind: row.kind,
    club_id: row.clubId,
    title: row.title,
    message: row.message,
    priority: row.priority,
    roles: row.audienceRoles,
    category_ids: row.categoryIds,
    action_url: row.actionUrl,
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    sender,
  };
}

export function createAnnouncementsService(deps: AnnounceDeps): AnnouncementsService {
  const { db } = deps;

  async function nameOf(userId: number) {
    const [row] = await db.select({ name: senderName }).from(users).where(eq(users.id, userId));
    return { id: userId, name: row?.name ?? '' };
  }

  /** One page of the announcements matching `where`, newest first by default. */
  async function page(where: SQL | undefined, query: AnnouncementListQuery) {
    const clauses = listClauses(
      query,
      {
        sortKeys: { created_at: [announcements.createdAt, announcements.id] },
        searchColumns: [announcements.title, announcements.message],
        id: announcements.id,
      },
      where,
    );
    const rows = await applyList(
      db
        .select({ row: announcements, senderName, total: totalCount() })
        .from(announcements)
        .innerJoin(users, eq(users.id, announcements.createdBy))
        .$dynamic(),
      clauses,
    );
    const { rows: found, total } = await pageWithTotal(rows, clauses, async () => {
      const [counted] = await db.select({ n: count() }).from(announcements).where(clauses.where);
      return counted?.n ?? 0;
    });
    return {
      success: true as const,
      data: found.map(({ row, senderName: name }) =>
        itemOf(row, { id: row.createdBy, name: name }),
      ),
      total,
    };
  }

  async function send(input: Parameters<typeof announce>[1]) {
    const { announcement, dispatch } = await announce(deps, input);
    dispatch();
    return itemOf(announcement, await nameOf(input.senderId));
  }

  return {
    create: (clubId, senderId, input) =>
      send({
        kind: 'club_announcement',
        clubId,
        senderId,
        title: input.title,
        message: input.message,
        priority: input.priority,
        actionUrl: input.action_url,
        roles: input.roles,
        categoryIds: input.category_ids,
      }),
    list: (clubId, query, reader) =>
      page(
        and(
          eq(announcements.clubId, clubId),
          eq(announcements.kind, 'club_announcement'),
          reader ? addressedTo(clubId, reader) : undefined,
        ),
        query,
      ),
    createAlert: (senderId, input) =>
      send({
        kind: 'system_alert',
        clubId: input.club_id ?? null,
        senderId,
        title: input.title,
        message: input.message,
        priority: input.priority,
        actionUrl: input.action_url,
      }),
    listAlerts: (query) => page(eq(announcements.kind, 'system_alert'), query),
  };
}
