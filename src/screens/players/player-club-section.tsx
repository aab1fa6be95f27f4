import Box from '@mui/material/Box';
import {
  dominantFeet,
  dominantFootLabels,
  paymentModalities,
  paymentModalityLabels,
} from '../../../contract/players.schema';
import {
  FormDate,
  FormSection,
  FormSelect,
  FormText,
  optionsOf,
  pair,
  type PlayerForm,
} from './player-form-fields';

/** 5. Club: position, foot, jersey, enrollment date and how they pay. */
export function PlayerClubSection({ form }: { form: PlayerForm }) {
  return (
    <FormSection title="Club">
      <Box sx={pair}>
        <FormText form={form} name="position" label="Posición" />
        <FormSelect
          form={form}
          name="dominant_foot"
          label="Pie dominante"
          empty="Sin indicar"
          options={optionsOf(dominantFeet, dominantFootLabels)}
        />
      </Box>
      <Box sx={pair}>
        <FormText form={form} name="jersey_number" label="Número de camiseta" numeric />
        <FormDate form={form} name="enrollment_date" label="Fecha de inscripción" />
      </Box>
      <FormSelect
        form={form}
        name="payment_modality"
        label="Modalidad de pago"
        empty="Sin indicar"
        options={optionsOf(paymentModalities, paymentModalityLabels)}
      />
    </FormSection>
  );
}
