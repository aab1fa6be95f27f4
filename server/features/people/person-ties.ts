import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import type { Tx } from './people.service';
import { rowsOf } from '../../db/rows';

/*
 * Issue #33 item 1: who a club may link directly and whose identity it may change. A
 * person is the club's to manage only while they have no account (no password) and
 * belong to no other club: no membership, players row, trainers row or guardian link
 * anywhere else. Anyone else is asked first (a link request) and edits their own data
 * (or, for a minor, an authorised guardian does). The one predicate, in SQL, so a list
 * can compute it per row (`identityEditableSql`) and a write can check it (`mayManage`).
 */

/**
 * SQL boolean: `club` may link `person` directly and change their identity.
 * `passwordHash`: the person's users.password_hash when the statement has their row
 * already (a list's page), saving a lookup per row.
 */
export const identityEditableSql = (clubId: unknown, personId: unknown, passwordHash?: unknown) =>
  sql<boolean>`(
    ${
      passwordHash === undefined
        ? sql`not exists (select 1 from ${users} u where u.id = ${personId} and u.password_hash is not null)`
        : sql`${passwordHash} is null`
    }
    and not exists (select 1 from ${clubMemberships} m
      where m.user_id = ${personId} and m.club_id <> ${clubId})
    and not exists (select 1 from ${players} p where p.user_id = ${personId} and p.club_id <> ${clubId})
    and not exists (select 1 from ${trainers} t where t.user_id = ${personId} and t.club_id <> ${clubId})
    and not exists (select 1 from ${guardianLinks} g
      where g.guardian_id = ${personId} and g.club_id <> ${clubId})
  )`;

/** Whether `clubId` may link `personId` directly and change their identity. */
export async function mayManagePerson(db: Db | Tx, clubId: number, personId: number) {
  const result = await db.execute(sql`select ${identityEditableSql(clubId, personId)} as ok`);
  const [row] = rowsOf<{ ok: boolean }>(result);
  return row?.ok === true;
}
