import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  Controller,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { Profile } from '../../../contract/profile.schema';
import {
  type DocumentStepInput,
  documentStepSchema,
  documentTypeLabels,
  personGenderLabels,
  personGenders,
  profileStepSchema,
} from '../../../contract/profile.schema';
import type { z } from 'zod';
import { updateProfileStep } from '../../api/profile.api';
import { textFieldProps } from '../../components/form/form-helpers';
import { IsoDateField } from '../../components/form/iso-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { toast } from '../../components/toaster';
import { DatePickersProvider } from '../../theme/date-pickers';
import { createAccountFormImplementations } from '../../machines/account.actors';
import { AccountSection, FormFailure, useAccountForm } from './account-form';
import { AccountPhoto } from './account-photo';

type ProfileValues = z.input<typeof profileStepSchema>;

const pair = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** A select of a react-hook-form field, with the field's message as helper text. */
function SelectField<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  options: Record<string, string>;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="normal"
          id={`field-${props.name}`}
          label={props.label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {Object.entries(props.options).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** 'Perfil': photo, personal data and document, saved through the profile endpoints. */
export function ProfileSection({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const personal = useForm<ProfileValues>({
    resolver: zodResolver(profileStepSchema),
    defaultValues: {
      name: profile.name,
      lastname: profile.lastname,
      phone: profile.phone ?? '',
      birth_date: profile.birth_date ?? '',
      gender: (profile.gender ?? '') as ProfileValues['gender'],
    },
  });
  const documentForm = useForm<DocumentStepInput>({
    resolver: zodResolver(documentStepSchema),
    defaultValues: {
      document_type: (profile.document_type ?? '') as DocumentStepInput['document_type'],
      document_number: profile.document_number ?? '',
    },
  });
  const done = () => {
    toast('Perfil guardado');
    onSaved();
  };
  const savePersonal = useAccountForm(() =>
    createAccountFormImplementations({
      send: async (values) => {
        await updateProfileStep({ step: 'profile', data: values as ProfileValues });
        return { message: 'Perfil guardado' };
      },
      done,
    }),
  );
  const saveDocument = useAccountForm(() =>
    createAccountFormImplementations({
      send: async (values) => {
        await updateProfileStep({ step: 'document', data: values as DocumentStepInput });
        return { message: 'Documento guardado' };
      },
      done,
    }),
  );

  return (
    <DatePickersProvider>
      <AccountSection id="perfil" title="Perfil" description={`Correo: ${profile.email}`}>
        <AccountPhoto profile={profile} onSaved={onSaved} />
        <Box
          component="form"
          noValidate
          aria-label="Datos personales"
          onSubmit={personal.handleSubmit((values) => savePersonal.submit(values))}
        >
          <Box sx={pair}>
            <FormTextField
              label="Nombre"
              autoComplete="given-name"
              {...textFieldProps(personal, 'name')}
            />
            <FormTextField
              label="Apellido"
              autoComplete="family-name"
              {...textFieldProps(personal, 'lastname')}
            />
            <FormTextField
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              {...textFieldProps(personal, 'phone')}
            />
            <IsoDateField
              control={personal.control}
              name="birth_date"
              label="Fecha de nacimiento"
            />
            <SelectField form={personal} name="gender" label="Género" options={genderOptions} />
          </Box>
          <FormFailure message={savePersonal.failure?.message} />
          <SubmitButton
            label="Guardar datos"
            busy={savePersonal.busy}
            disabled={!savePersonal.canSubmit}
          />
        </Box>
        <Box
          component="form"
          noValidate
          aria-label="Documento"
          sx={{ mt: 3 }}
          onSubmit={documentForm.handleSubmit((values) => saveDocument.submit(values))}
        >
          <Box sx={pair}>
            <SelectField
              form={documentForm}
              name="document_type"
              label="Tipo de documento"
              options={documentTypeLabels}
            />
            <FormTextField
              label="Número de documento"
              autoComplete="off"
              {...textFieldProps(documentForm, 'document_number')}
            />
          </Box>
          <FormFailure message={saveDocument.failure?.message} />
          <SubmitButton
            label="Guardar documento"
            busy={saveDocument.busy}
            disabled={!saveDocument.canSubmit}
          />
        </Box>
      </AccountSection>
    </DatePickersProvider>
  );
}

const genderOptions = Object.fromEntries(personGenders.map((g) => [g, personGenderLabels[g]]));
