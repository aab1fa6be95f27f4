import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { platformMessages } from '../../contract/platform.schema';
import { AppError } from '../lib/app-error';
import { currentUserOf } from './require-user';

/** `onRequest` hooks of a super-admin-only route: signed in (401), then super admin (403). */
export interface SuperAdminHooks {
  onRequest: onRequestAsyncHookHandler[];
}

async function requirePlatformAdmin(request: FastifyRequest) {
  if (!currentUserOf(request).isSuperAdmin)
    throw new AppError(403, platformMessages.superAdminOnly);
}

/** The hooks every `/api/admin/…` route of the platform spreads into its options. */
export function createSuperAdminHooks(requireUser: preHandlerAsyncHookHandler): SuperAdminHooks {
  return { onRequest: [requireUser as onRequestAsyncHookHandler, requirePlatformAdmin] };
}
