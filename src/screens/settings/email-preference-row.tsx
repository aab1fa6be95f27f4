import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { NotificationType } from '../../../contract/notifications.schema';
import { toast } from '../../components/toaster';
import { useConfirmFlow } from '../../components/use-machine-flow';
import {
  createEmailPreferenceImplementations,
  emailChoiceRequest,
  emailPreferenceMachine,
  isShownByEmail,
} from '../../machines/notifications-preferences.actors';

export interface EmailPreferenceRowProps {
  type: NotificationType;
  label: string;
  /** When it arrives, in one line. */
  description: string;
  /** The server's choice (the cached preferences). */
  email: boolean;
  /** The id of the text that explains why 'En la aplicación' cannot be turned off. */
  inAppNoteId: string;
  /** Saves the choice; read once, when the row first draws (pass a stable function). */
  save: (type: NotificationType, email: boolean) => Promise<unknown>;
}

/**
 * One notification type: its label and when it arrives, 'En la aplicación' (always on,
 * disabled) and 'También por correo', saved on its own through its own actor of the
 * confirm-action machine: optimistic while it runs, back to the server's value with the
 * server's reason when refused.
 */
export function EmailPreferenceRow(props: EmailPreferenceRowProps) {
  const { type, label, description, email, inAppNoteId } = props;
  const [logic] = useState(() =>
    emailPreferenceMachine.provide(
      createEmailPreferenceImplementations({ save: props.save, toast }),
    ),
  );
  const preference = useConfirmFlow(logic);
  const { running, inFlight } = preference;
  const shown = isShownByEmail({ type, email }, inFlight);
  const titleId = useId();

  return (
    <Stack
      role="group"
      aria-labelledby={titleId}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{
        gap: { xs: 1, sm: 2 },
        py: 2,
        alignItems: { sm: 'center' },
        // A rule between rows, in the theme's divider colour.
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexShrink: 0, flexWrap: 'wrap' }}>
        <FormControlLabel
          label="En la aplicación"
          sx={{ m: 0 }}
          control={
            <Switch checked disabled slotProps={{ input: { 'aria-describedby': inAppNoteId } }} />
          }
        />
        <FormControlLabel
          label="También por correo"
          sx={{ m: 0 }}
          control={
            <Switch
              checked={shown}
              disabled={running}
              onChange={(_, on) => preference.actor.send(emailChoiceRequest({ type, label }, on))}
            />
          }
        />
      </Stack>
    </Stack>
  );
}
