import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { parentMessages } from '../../contract/parents.schema';

interface DataPolicyConsentProps {
  /** The club's data-processing text (Ley 1581) as the server sends it. */
  text: string;
  accepted: boolean;
  /** Shown after trying to accept without ticking the box. */
  missing: boolean;
  onChange: (accepted: boolean) => void;
  /** How tall the text's scrolling box may grow. */
  maxHeight?: number;
  /** The title's heading level where the page already has an h2 above it. */
  titleComponent?: 'h2' | 'h3';
}

/**
 * A club's data-processing authorisation (Ley 1581): its title, the text in a scrolling
 * region and the box that accepts it. A guardian invitation and a link request show it the
 * same way, and accepting requires the box.
 */
export function DataPolicyConsent({
  text,
  accepted,
  missing,
  onChange,
  maxHeight = 180,
  titleComponent = 'h2',
}: DataPolicyConsentProps) {
  const textId = useId();
  const errorId = useId();
  return (
    <>
      <Typography variant="subtitle2" component={titleComponent} id={textId}>
        Autorización de tratamiento de datos personales
      </Typography>
      <Box
        role="region"
        aria-labelledby={textId}
        tabIndex={0}
        sx={{
          maxHeight,
          overflowY: 'auto',
          p: 1.5,
          my: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          whiteSpace: 'pre-line',
        }}
      >
        <Typography variant="body2">{text}</Typography>
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
    </>
  );
}
