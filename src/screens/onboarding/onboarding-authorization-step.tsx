import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  type ParentChild,
  type PhotoChannel,
  photoChannelLabels,
  photoChannels,
} from '../../../contract/parents.schema';
import { useChildren } from '../../api/parents.api';
import type { PhotoConsentChoice } from '../../machines/onboarding.actors';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const keyOf = (child: ParentChild, channel: PhotoChannel) =>
  `${child.club.id}:${child.player.id}:${channel}`;

/**
 * 'Autorizaciones' (guardian): the photo consent of each authorised child per channel
 * (Ley 1581: nothing is assumed, every switch starts from what is on file). Saving sends
 * only the switches the guardian changed.
 */
export function AuthorizationStep() {
  const { save } = useStepStart('authorization');
  const children = useChildren();
  const [changed, setChanged] = useState<Map<string, PhotoConsentChoice>>(new Map());
  const authorised = (children.data ?? []).filter((child) => child.summary !== null);

  const granted = (child: ParentChild, channel: PhotoChannel) =>
    changed.get(keyOf(child, channel))?.granted ?? child.summary?.photo_consent[channel] ?? false;
  const toggle = (child: ParentChild, channel: PhotoChannel, value: boolean) =>
    setChanged((current) =>
      new Map(current).set(keyOf(child, channel), {
        player_id: child.player.id,
        club_id: child.club.id,
        channel,
        granted: value,
      }),
    );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save({ consents: [...changed.values()] });
  };

  return (
    <StepForm onSubmit={onSubmit}>
      {children.isPending && (
        <Skeleton variant="rounded" height={160} role="status" aria-label="Cargando tus hijos" />
      )}
      {children.isError && (
        <Alert severity="warning">
          No pudimos cargar tus hijos ahora. Podrás dar estas autorizaciones desde tu panel.
        </Alert>
      )}
      {children.data && authorised.length === 0 && (
        <Alert severity="info">
          Cuando el club autorice tu vínculo podrás decidir aquí dónde se publican sus fotos.
        </Alert>
      )}
      {authorised.map((child) => (
        <FormGroup key={`${child.club.id}-${child.player.id}`} sx={{ mb: 1 }}>
          <Typography variant="subtitle2" component="h3">
            Fotos de {child.player.name} {child.player.lastname} · {child.club.name}
          </Typography>
          {photoChannels.map((channel) => (
            <FormControlLabel
              key={channel}
              control={
                <Switch
                  checked={granted(child, channel)}
                  onChange={(event) => toggle(child, channel, event.target.checked)}
                />
              }
              label={photoChannelLabels[channel]}
            />
          ))}
        </FormGroup>
      ))}
    </StepForm>
  );
}
