import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { GuardianInvitation } from '../../../contract/invitations.schema';
import { parentMessages } from '../../../contract/parents.schema';

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
  const textId = useId();
  const errorId = useId();
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
      <Typography variant="subtitle2" component="h2" id={textId}>
        Autorización de tratamiento de datos personales
      </Typography>
      <Box
        role="region"
        aria-labelledby={textId}
        tabIndex={0}
        sx={{
          maxHeight: 180,
          overflowY: 'auto',
          p: 1.5,
          my: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          whiteSpace: 'pre-line',
        }}
      >
        <Typography variant="body2">{guardian.data_policy.text}</Typography>
      </Box>
      <FormControl required error={missing}>
        <FormControlLabel
          control={
            <Checkbox
              checked={accepted}
              onChange={(_, checked) => onChange(checked)}
              slotProps={{
                input: { 'aria-describedby': missing ? errorId : undefined, required: true },
              }}
            />
          }
          label="Acepto la autorización de tratamiento de datos personales"
        />
        {missing && <FormHelperText id={errorId}>{parentMessages.consentRequired}</FormHelperText>}
      </FormControl>
    </Box>
  );
}
