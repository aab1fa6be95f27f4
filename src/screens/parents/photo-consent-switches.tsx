import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  photoChannelLabels,
  photoChannels,
  type PhotoConsentState,
} from '../../../contract/parents.schema';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { usePhotoConsentLogic } from './parents.logic';

interface PhotoConsentSwitchesProps {
  clubId: number;
  playerId: number;
  /** The player's name, for the switches' names ('Sitio web público: fotos de Juan Gómez'). */
  name: string;
  consent: PhotoConsentState;
}

/**
 * 'Fotografías' (issue #15, Ley 1581): where the player's photos may appear, one switch per
 * channel, set by an authorised guardian or by the adult player; absent consent is no
 * consent. A switch shows the asked-for value while the
 * server saves it, and the server's value again if it refuses.
 */
export function PhotoConsentSwitches(props: PhotoConsentSwitchesProps) {
  const { clubId, playerId, name, consent } = props;
  const titleId = useId();
  const consentFlow = useConfirmFlow(usePhotoConsentLogic());
  const { running, inFlight } = consentFlow;

  return (
    <section aria-labelledby={titleId}>
      <Typography variant="subtitle2" component="h3" id={titleId}>
        Fotografías
      </Typography>
      <FormGroup>
        {photoChannels.map((channel) => {
          const shown = inFlight?.channel === channel ? inFlight.granted : consent[channel];
          return (
            <FormControlLabel
              key={channel}
              label={photoChannelLabels[channel]}
              control={
                <Switch
                  checked={shown}
                  disabled={running}
                  onChange={(_, granted) =>
                    consentFlow.request({ playerId, clubId, channel, granted }, false)
                  }
                  slotProps={{
                    input: { 'aria-label': `${photoChannelLabels[channel]}: fotos de ${name}` },
                  }}
                />
              }
            />
          );
        })}
      </FormGroup>
    </section>
  );
}
