import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { clubMessages } from '../../../contract/clubs.schema';
import type {
  DocumentCheckKind,
  ValidateDocumentResponse,
  validateDocumentQuerySchema,
} from '../../../contract/people.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { effectivePermissions, memberRoleIds } from '../../auth/club-permissions';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { AppError } from '../../lib/app-error';
import { personByDocument, rolesInClub } from './people.service';

/*
 * `GET /api/validate-document`: what a club's form learns about a document before saving
 * a person (DOMAIN.md "Documents"). Outside the club path, so it asks the club guard's own
 * questions itself: a member of the club (else 404, as the guard), holding a permission
 * that lets them add or edit that kind of person (else 403). Of a person the club does
 * not have, nothing is shown (not even initials, issue #33): the form offers a request.
 */

type DocumentQuery = z.output<typeof validateDocumentQuerySchema>;
type DocumentAnswer = ValidateDocumentResponse['data'];

/** The permissions that let a caller ask about each kind of person. */
const permissionsFor: Record<DocumentCheckKind, readonly string[]> = {
  player: ['players.create', 'players.update'],
  trainer: ['trainers.create', 'trainers.update'],
  guardian: ['players.create', 'players.update', 'trainers.create', 'trainers.update'],
};

/** The role a kind of person holds in the club once added. */
const roleFor: Record<DocumentCheckKind, RoleName> = {
  player: 'Jugador',
  trainer: 'Entrenador',
  guardian: 'Padre/Acudiente',
};

const kindLabel: Record<DocumentCheckKind, string> = {
  player: 'jugador',
  trainer: 'entrenador',
  guardian: 'acudiente',
};

export const documentCheckMessages = {
  free: 'El documento no está registrado: puedes crear a la persona.',
  own: (kind: DocumentCheckKind) => `Documento de este ${kindLabel[kind]}.`,
  already: (name: string, kind: DocumentCheckKind) =>
    `${name} ya es ${kindLabel[kind]} de este club.`,
  inClub: (name: string, roles: string[], kind: DocumentCheckKind) =>
    `${name} ya está en el club (${roles.join(', ')}). Puedes vincularla como ${kindLabel[kind]} (marca «Vincular»).`,
  elsewhere:
    'Ya existe una persona con ese documento. No la crees de nuevo: puedes enviarle una solicitud para que se una al club (marca «Enviar solicitud»).',
} as const;

/** 404 unless the caller may work in the club; 403 unless they hold one of `wanted` there. */
async function authorize(db: Db, user: CurrentUser, clubId: number, wanted: readonly string[]) {
  if (user.isSuperAdmin) {
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) throw new AppError(404, clubMessages.notFound);
    return;
  }
  const roleIds = await memberRoleIds(db, user.id, clubId);
  if (roleIds.length === 0) throw new AppError(404, clubMessages.notFound);
  const granted = await effectivePermissions(db, clubId, roleIds);
  const allowed = granted.some(
    (grant) => wanted.includes(grant.name) && grant.moduleActive !== false,
  );
  if (!allowed) throw new AppError(403, clubMessages.forbidden);
}

/** Whether a document is free, in this club (as what) or a person elsewhere. */
export async function checkDocument(
  db: Db,
  user: CurrentUser,
  query: DocumentQuery,
): Promise<DocumentAnswer> {
  const kind = query.typeUser;
  await authorize(db, user, query.clubId, permissionsFor[kind]);
  const person = await personByDocument(db, query.type, query.number);
  if (person && person.id === query.personId) {
    // Editing: the person's own document reads as theirs, not as free nor as taken.
    return {
      status: 'own',
      name: null,
      roles: [],
      already: false,
      message: documentCheckMessages.own(kind),
    };
  }
  if (!person) {
    return {
      status: 'free',
      name: null,
      roles: [],
      already: false,
      message: documentCheckMessages.free,
    };
  }
  const roles = await rolesInClub(db, query.clubId, person.id);
  if (roles.length > 0) {
    const name = `${person.name} ${person.lastname}`;
    const already = roles.includes(roleFor[kind]);
    return {
      status: 'in_club',
      name,
      roles,
      already,
      message: already
        ? documentCheckMessages.already(name, kind)
        : documentCheckMessages.inClub(name, roles, kind),
    };
  }
  return {
    status: 'elsewhere',
    name: null,
    roles: [],
    already: false,
    message: documentCheckMessages.elsewhere,
  };
}
