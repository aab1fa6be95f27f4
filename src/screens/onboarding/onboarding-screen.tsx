import Typography from '@mui/material/Typography';

/** /onboarding and /onboarding/*: the wizard's steps come with the onboarding issue. */
export function OnboardingScreen() {
  return <Typography>Aquí comenzará tu configuración paso a paso.</Typography>;
}
