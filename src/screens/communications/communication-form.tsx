import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COMMUNICATION_BODY_MAX,
  COMMUNICATION_CHANNELS,
  COMMUNICATION_KINDS,
  COMMUNICATION_TITLE_MAX,
  communicationChannelLabels,
  communicationKindLabels,
} from '../../../contract/communications.schema';
import { type RoleName, roleNames } from '../../../contract/roles.schema';
import { ClubPicker } from './club-picker';
import type { AudienceKind, CommunicationFormValues } from './communication-values';

interface CommunicationFormProps {
  values: CommunicationFormValues;
  onChange: (values: CommunicationFormValues) => void;
  disabled: boolean;
}

const audienceLabels: Record<AudienceKind, string> = {
  all: 'Todos los usuarios',
  role: 'Un rol',
  clubs: 'Clubes elegidos',
};

/** The message, who it reaches and how: a view of the values the screen holds. */
export function CommunicationForm(props: CommunicationFormProps) {
  const { values, onChange, disabled } = props;
  const set = (change: Partial<CommunicationFormValues>) => onChange({ ...values, ...change });
  const toggleChannel = (channel: (typeof COMMUNICATION_CHANNELS)[number], on: boolean) =>
    set({
      channels: on
        ? [...values.channels, channel]
        : values.channels.filter((value) => value !== channel),
    });

  return (
    <Stack component="fieldset" disabled={disabled} sx={{ gap: 2.5, border: 0, p: 0, m: 0 }}>
      <FormControl>
        <FormLabel id="communication-kind">Tipo</FormLabel>
        <RadioGroup
          row
          aria-labelledby="communication-kind"
          value={values.kind}
          onChange={(event) => set({ kind: event.target.value as CommunicationFormValues['kind'] })}
        >
          {COMMUNICATION_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio />}
              label={communicationKindLabels[kind]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label="Título"
        required
        value={values.title}
        onChange={(event) => set({ title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: COMMUNICATION_TITLE_MAX } }}
        helperText={`${values.title.length}/${COMMUNICATION_TITLE_MAX}`}
      />
      <TextField
        label="Mensaje"
        required
        multiline
        minRows={4}
        value={values.body}
        onChange={(event) => set({ body: event.target.value })}
        slotProps={{ htmlInput: { maxLength: COMMUNICATION_BODY_MAX } }}
        helperText={`${values.body.length}/${COMMUNICATION_BODY_MAX}`}
      />
      <FormControl>
        <FormLabel id="communication-audience">Destinatarios</FormLabel>
        <RadioGroup
          aria-labelledby="communication-audience"
          value={values.audience}
          onChange={(event) => set({ audience: event.target.value as AudienceKind })}
        >
          {(Object.keys(audienceLabels) as AudienceKind[]).map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio />}
              label={audienceLabels[kind]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {values.audience === 'role' && (
        <TextField
          select
          label="Rol"
          value={values.role}
          onChange={(event) => set({ role: event.target.value as RoleName })}
          helperText="Quienes tienen este rol en algún club activo"
        >
          {roleNames.map((role) => (
            <MenuItem key={role} value={role}>
              {role}
            </MenuItem>
          ))}
        </TextField>
      )}
      {values.audience === 'clubs' && (
        <ClubPicker value={values.clubs} onChange={(clubs) => set({ clubs })} />
      )}
      <FormControl error={values.channels.length === 0}>
        <FormLabel component="legend">Canales</FormLabel>
        <FormGroup row>
          {COMMUNICATION_CHANNELS.map((channel) => (
            <FormControlLabel
              key={channel}
              control={
                <Checkbox
                  checked={values.channels.includes(channel)}
                  onChange={(event) => toggleChannel(channel, event.target.checked)}
                />
              }
              label={communicationChannelLabels[channel]}
            />
          ))}
        </FormGroup>
        <FormHelperText>
          {values.channels.length === 0
            ? 'Elige al menos un canal'
            : 'El correo llega a quien tiene dirección y no lo desactivó para este tipo'}
        </FormHelperText>
      </FormControl>
    </Stack>
  );
}
