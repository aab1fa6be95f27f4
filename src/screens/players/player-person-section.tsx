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
import { PlayerPhotoField } from './player-photo-field';

interface PersonSectionProps {
  form: PlayerForm;
  /** The person's own fields are locked (they have an account, or an existing person is linked). */
  locked: boolean;
  /** Said under each locked identity field: who changes it (issue #33). */
  lockedHelper?: string;
  /** The photo field's state (see PlayerPhotoField). */
  photo: { currentUrl: string | null; file: File | null; onChange: (file: File | null) => void };
}

/** 1. Persona: name, birth date, gender and contact. */
export function PlayerPersonSection({ form, locked, lockedHelper, photo }: PersonSectionProps) {
  const helper = lockedHelper;
  return (
    <FormSection title="Persona">
      <PlayerPhotoField
        currentUrl={photo.currentUrl}
        photo={photo.file}
        onPhoto={photo.onChange}
        disabled={locked}
      />
      <Box sx={pair}>
        <FormText
          form={form}
          name="name"
          label="Nombre"
          required
          disabled={locked}
          helper={helper}
          autoComplete="off"
        />
        <FormText
          form={form}
          name="lastname"
          label="Apellido"
          required
          disabled={locked}
          helper={helper}
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
          helper={helper}
        />
        <FormSelect
          form={form}
          name="gender"
          label="Género"
          required
          disabled={locked}
          helper={helper}
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
          helper={helper ?? 'Opcional para menores'}
        />
      </Box>
    </FormSection>
  );
}
