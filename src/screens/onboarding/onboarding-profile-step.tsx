import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  personGenderLabels,
  personGenders,
  profileStepSchema,
  type ProfileStepInput,
} from '../../../contract/profile.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { DATE_FORMAT } from '../../theme/date-pickers';
import { OnboardingWizard } from './onboarding-context';
import { SelectField } from './onboarding-select-field';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const FIELDS = ['name', 'lastname', 'phone', 'birth_date', 'gender'] as const;

/** An empty date is a missing one: the contract then says it is required, not invalid. */
const resolver: Resolver<ProfileStepInput> = (values, context, options) =>
  zodResolver(profileStepSchema)(
    { ...values, birth_date: values.birth_date || (undefined as never) },
    context,
    options,
  );

const genderOptions = personGenders.map((value) => ({ value, label: personGenderLabels[value] }));

/** 'Tus datos': name, last name, phone, birth date (DD/MM/YYYY) and gender. */
export function ProfileStep() {
  const { saved, userData, save } = useStepStart('profile');
  const failure = OnboardingWizard.useSelector(selectFailure);
  const form = useForm<ProfileStepInput>({
    resolver,
    defaultValues: (saved as ProfileStepInput | undefined) ?? {
      name: userData?.name ?? '',
      lastname: userData?.lastname ?? '',
      phone: userData?.phone ?? '',
      birth_date: userData?.birth_date ?? '',
      gender: (userData?.gender ?? '') as ProfileStepInput['gender'],
    },
  });
  useServerFieldErrors(form, failure, FIELDS);

  return (
    <StepForm onSubmit={form.handleSubmit(save)}>
      <TextField
        label="Nombre"
        required
        autoComplete="given-name"
        {...textFieldProps(form, 'name')}
      />
      <TextField
        label="Apellido"
        required
        autoComplete="family-name"
        {...textFieldProps(form, 'lastname')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        required
        autoComplete="tel"
        {...textFieldProps(form, 'phone')}
      />
      <Controller
        control={form.control}
        name="birth_date"
        render={({ field, fieldState }) => (
          <DatePicker
            label="Fecha de nacimiento"
            format={DATE_FORMAT}
            disableFuture
            openTo="year"
            views={['year', 'month', 'day']}
            value={field.value ? dayjs(field.value) : null}
            onChange={(value) => field.onChange(value?.isValid() ? value.format('YYYY-MM-DD') : '')}
            inputRef={field.ref}
            slotProps={{
              textField: {
                id: 'field-birth_date',
                required: true,
                onBlur: field.onBlur,
                error: Boolean(fieldState.error),
                helperText: fieldState.error?.message,
              },
            }}
          />
        )}
      />
      <SelectField
        control={form.control}
        name="gender"
        label="Género"
        required
        options={genderOptions}
      />
    </StepForm>
  );
}
