import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { moduleMessages } from '../../../contract/modules.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import { effectivePermissions, memberRoleIds } from '../../auth/club-permissions';
import { currentUserOf } from '../../auth/require-user';
import { requestedClubId, resolveWorkingClub } from '../../auth/working-club';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';

/**
 * The hooks of the administration endpoints (`/api/admin/modules…`, `/api/admin/roles…`),
 * which are not under a club path: the club they read is the working club
 * (server/auth/working-club.ts).
 */
export function createAdminGuards({
  db,
  requireUser,
  managesSomeClub,
}: {
  db: Db;
  requireUser: preHandlerAsyncHookHandler;
  /** Super admin, or settings.manage in some club (server/features/roles). */
  managesSomeClub: (caller: ReturnType<typeof currentUserOf>) => Promise<boolean>;
}) {
  /** Super admin, or settings.manage in the club they work in. */
  async function requireAdminReader(request: FastifyRequest) {
    const caller = currentUserOf(request);
    if (caller.isSuperAdmin) return;
    const clubId = await resolveWorkingClub(db, caller.id, requestedClubId(request));
    const roleIds = clubId === null ? [] : await memberRoleIds(db, caller.id, clubId);
    const [manage] = await effectivePermissions(db, clubId, roleIds, { name: SETTINGS_MANAGE });
    if (!manage) throw new AppError(403, moduleMessages.notAdmin);
  }
  /**
   * Super admin, or settings.manage in some club: enough to reach the role configuration
   * before the body is read; the service then checks the club the request is about.
   */
  async function requireRoleAdmin(request: FastifyRequest) {
    if (!(await managesSomeClub(currentUserOf(request)))) {
      throw new AppError(403, moduleMessages.notAdmin);
    }
  }
  /** A super admin; anyone else learns whether they are an admin at all (403 either way). */
  async function requireSuperAdmin(request: FastifyRequest) {
    if (currentUserOf(request).isSuperAdmin) return;
    await requireAdminReader(request);
    throw new AppError(403, moduleMessages.superAdminOnly);
  }
  const signedIn = requireUser as onRequestAsyncHookHandler;
  return {
    signedIn: { onRequest: requireUser },
    adminReader: { onRequest: [signedIn, requireAdminReader] },
    superAdmin: { onRequest: [signedIn, requireSuperAdmin] },
    roleAdmin: { onRequest: [signedIn, requireRoleAdmin] },
  };
}

export type AdminGuards = ReturnType<typeof createAdminGuards>;
