import Typography from '@mui/material/Typography';

/** /invitation/:token: accept an invitation to a club (issue #4; stub while the screen is written). */
export function InvitationScreen() {
  return <Typography variant="h1">Invitación</Typography>;
}
