import {
  invitationMessages,
  type InvitationStatus,
  type PublicInvitation,
} from '../../../contract/invitations.schema';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';

/** Why an invitation that is not pending cannot be answered, in Spanish. */
export function unavailableReason(status: InvitationStatus): string {
  switch (status) {
    case 'expired':
      return invitationMessages.expired;
    case 'revoked':
      return invitationMessages.revoked;
    default:
      return invitationMessages.alreadyAnswered;
  }
}

/** "Ana Gómez te invita a unirte a Club Demo como Entrenador." */
export function invitationSummary(invitation: PublicInvitation): string {
  const who = invitation.inviter_name ? `${invitation.inviter_name} te invita` : 'Te invitan';
  return `${who} a unirte a ${invitation.club.name} como ${invitation.role.name}.`;
}

/** "Vence el 29/11/2026." (its day in Bogotá, the clubs' zone: the page knows no club's own). */
export const expiryText = (invitation: PublicInvitation) =>
  `Vence el ${formatInstantDay(invitation.expires_at, DEFAULT_TIME_ZONE)}.`;
