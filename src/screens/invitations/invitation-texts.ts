import {
  invitationMessages,
  type InvitationStatus,
  type PublicInvitation,
} from '../../../contract/invitations.schema';
import { dayjs } from '../../theme/dayjs';

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

/** "Vence el 29 de noviembre de 2026." */
export const expiryText = (invitation: PublicInvitation) =>
  `Vence el ${dayjs(invitation.expires_at).format('D [de] MMMM [de] YYYY')}.`;
