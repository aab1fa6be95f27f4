import type { NotificationItem } from '../../../contract/notifications.schema';
import { type NotificationData, notifications } from '../../../server/db/schema/notifications';
import type { TestContext } from './test-app';

/*
 * Notifications written straight in the table for the centre's tests (the generators
 * have their own tests): one row, defaults for what a test does not care about.
 */

let sequence = 0;

export interface SeedNotification {
  userId: number;
  clubId: number | null;
  type?: (typeof notifications.$inferInsert)['type'];
  priority?: (typeof notifications.$inferInsert)['priority'];
  title?: string;
  createdAt?: Date;
  readAt?: Date | null;
  archivedAt?: Date | null;
  data?: NotificationData;
}

/** Inserts one notification; returns its id. */
export async function seedNotification(ctx: TestContext, input: SeedNotification) {
  sequence += 1;
  const createdAt = input.createdAt ?? ctx.clock.now();
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      userId: input.userId,
      clubId: input.clubId,
      type: input.type ?? 'club_announcement',
      priority: input.priority ?? 'medium',
      title: input.title ?? `Aviso ${sequence}`,
      message: `Mensaje ${sequence}`,
      data: input.data ?? { action_url: '/home' },
      subject: `test:${sequence}`,
      day: createdAt.toISOString().slice(0, 10),
      createdAt,
      readAt: input.readAt ?? null,
      archivedAt: input.archivedAt ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** GET a notifications path as `token` (with `X-Club-Id` when `clubId` is given). */
export async function getJson<T = { success: true; data: NotificationItem[] }>(
  ctx: TestContext,
  token: string,
  url: string,
  clubId?: number,
): Promise<T> {
  const response = await ctx.request({
    method: 'GET',
    url,
    token,
    headers: clubId ? { 'x-club-id': String(clubId) } : {},
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
