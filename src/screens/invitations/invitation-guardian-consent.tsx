import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GuardianInvitation } from '../../../contract/invitations.schema';
import { DataPolicyConsent } from '../../components/data-policy-consent';

/** 'Juan Gómez', 'Juan Gómez y Ana Gómez', 'Juan, Ana y Luis …': the children, in Spanish. */
export function childrenNames(players: GuardianInvitation['players']): string {
  const names = players.map(({ name, lastname }) => `${name} ${lastname}`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

interface GuardianConsentProps {
  guardian: GuardianInvitation;
  accepted: boolean;
  /** Shown after trying to accept without ticking the box. */
  missing: boolean;
  onChange: (accepted: boolean) => void;
}

/**
 * What a guardian invitation adds to the page (issue #15): whose guardian the invitee
 * becomes, the club's data-processing text (Ley 1581), and the box that accepts it, which
 * accepting the invitation requires.
 */
export function InvitationGuardianConsent({
  guardian,
  accepted,
  missing,
  onChange,
}: GuardianConsentProps) {
  return (
    <Box sx={{ mb: 2 }}>
      {guardian.players.length > 0 && (
        <Typography sx={{ mb: 1 }}>
          Te invitan como acudiente de {childrenNames(guardian.players)}.
        </Typography>
      )}
      {!guardian.authorize_on_accept && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          El club autorizará tu vínculo después de que te registres.
        </Typography>
      )}
      <DataPolicyConsent
        text={guardian.data_policy.text}
        accepted={accepted}
        missing={missing}
        onChange={onChange}
      />
    </Box>
  );
}
