import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { passwordStrength } from '../../../contract/passwords';

const LEVELS = [
  { label: 'Muy débil', color: 'error' },
  { label: 'Débil', color: 'error' },
  { label: 'Aceptable', color: 'warning' },
  { label: 'Buena', color: 'success' },
  { label: 'Fuerte', color: 'success' },
] as const;

interface PasswordStrengthMeterProps {
  password: string;
  /** The person's name and e-mail: a password that contains them is very weak. */
  person?: { email?: string; name?: string; lastname?: string };
}

/**
 * How strong the new password is, while the person types (register, reset): the same
 * rules the server applies (contract/passwords.ts), as a bar and a word read aloud.
 */
export function PasswordStrengthMeter({ password, person }: PasswordStrengthMeterProps) {
  const labelId = useId();
  if (!password) return null;
  const score = passwordStrength(password, person);
  const level = LEVELS[score];
  return (
    <Box sx={{ mt: -0.5, mb: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(score / 4) * 100}
        color={level.color}
        aria-labelledby={labelId}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography id={labelId} variant="caption" color="text.secondary" aria-live="polite">
        Seguridad de la contraseña: {level.label}
      </Typography>
    </Box>
  );
}
