import Box from '@mui/material/Box';
import { bloodTypes } from '../../../contract/players.schema';
import {
  FormSection,
  FormSelect,
  FormText,
  optionsOf,
  pair,
  type PlayerForm,
} from './player-form-fields';

/** 6. Salud: insurer, blood type, allergies and whom to call in an emergency. */
export function PlayerHealthSection({ form }: { form: PlayerForm }) {
  return (
    <FormSection title="Salud">
      <Box sx={pair}>
        <FormText form={form} name="eps" label="EPS" />
        <FormSelect
          form={form}
          name="blood_type"
          label="Tipo de sangre"
          empty="Sin indicar"
          options={optionsOf(bloodTypes)}
        />
      </Box>
      <FormText form={form} name="allergies" label="Alergias" multiline />
      <Box sx={pair}>
        <FormText form={form} name="emergency_contact_name" label="Contacto de emergencia" />
        <FormText
          form={form}
          name="emergency_contact_phone"
          label="Teléfono de emergencia"
          type="tel"
        />
      </Box>
    </FormSection>
  );
}
