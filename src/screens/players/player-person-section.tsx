import Box from '@mui/material/Box';
import { personGenderLabels, personGenders } from '../../../contract/profile.schema';
import {
  FormDate,
  FormSection,
  FormSelect,
  FormText,
  optionsOf,
  pair,
  type PlayerForm,
} from './player-form-fields';

interface PersonSectionProps {
  form: PlayerForm;
  /** The person's own fields are locked (they have an account, or an existing person is linked). */
  locked: boolean;
}

/** 1. Persona: name, birth date, gender and contact. */
export function PlayerPersonSection({ form, locked }: PersonSectionProps) {
  return (
    <FormSection title="Persona">
      <Box sx={pair}>
        <FormText
          form={form}
          name="name"
          label="Nombre"
          required
          disabled={locked}
          autoComplete="off"
        />
        <FormText
          form={form}
          name="lastname"
          label="Apellido"
          required
          disabled={locked}
          autoComplete="off"
        />
      </Box>
      <Box sx={pair}>
        <FormDate
          form={form}
          name="birth_date"
          label="Fecha de nacimiento"
          required
          disableFuture
          disabled={locked}
        />
        <FormSelect
          form={form}
          name="gender"
          label="Género"
          required
          disabled={locked}
          options={optionsOf(personGenders, personGenderLabels)}
        />
      </Box>
      <Box sx={pair}>
        <FormText form={form} name="phone" label="Teléfono" type="tel" disabled={locked} />
        <FormText
          form={form}
          name="email"
          label="Correo electrónico"
          type="email"
          disabled={locked}
          helper="Opcional para menores"
        />
      </Box>
    </FormSection>
  );
}
