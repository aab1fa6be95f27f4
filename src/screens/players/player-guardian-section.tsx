import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  guardianRelationshipLabels,
  guardianRelationships,
} from '../../../contract/players.schema';
import {
  FormSection,
  FormSelect,
  FormText,
  optionsOf,
  pair,
  type PlayerForm,
} from './player-form-fields';

/** 4. Acudiente: shown for a minor, whose guardian's name and phone are required. */
export function PlayerGuardianSection({ form }: { form: PlayerForm }) {
  return (
    <FormSection title="Acudiente">
      <Typography variant="body2" color="text.secondary">
        Es menor de edad: indica quién responde por el jugador.
      </Typography>
      <Box sx={pair}>
        <FormText form={form} name="guardian_name" label="Nombre del acudiente" required />
        <FormText
          form={form}
          name="guardian_phone"
          label="Teléfono del acudiente"
          type="tel"
          required
        />
      </Box>
      <Box sx={pair}>
        <FormText form={form} name="guardian_email" label="Correo del acudiente" type="email" />
        <FormSelect
          form={form}
          name="guardian_relationship"
          label="Parentesco"
          empty="Sin indicar"
          options={optionsOf(guardianRelationships, guardianRelationshipLabels)}
        />
      </Box>
    </FormSection>
  );
}
