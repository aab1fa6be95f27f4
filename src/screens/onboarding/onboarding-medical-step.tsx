import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { bloodTypes } from '../../../contract/players.schema';
import { type MedicalData, medicalDataSchema } from '../../../contract/medical-data.schema';
import { getMedicalData, medicalDataQueryKey } from '../../api/profile.api';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';
import { SelectField } from './onboarding-select-field';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const FIELDS = [
  'eps',
  'blood_type',
  'allergies',
  'emergency_contact_name',
  'emergency_contact_phone',
] as const;
const bloodOptions = [
  { value: '', label: 'Sin indicar' },
  ...bloodTypes.map((value) => ({ value, label: value })),
];
type MedicalFields = Record<(typeof FIELDS)[number], string>;

/** The form's text values of what the club has on file (null shows as empty). */
const fieldsOf = (data: MedicalData | undefined): MedicalFields =>
  Object.fromEntries(FIELDS.map((field) => [field, data?.[field] ?? ''])) as MedicalFields;

/** 'Datos médicos' (adult player): EPS, blood type, allergies, emergency contact. */
export function MedicalStep() {
  const { saved } = useStepStart('medical');
  const query = useQuery({ queryKey: medicalDataQueryKey, queryFn: getMedicalData, retry: false });
  if (query.isPending && !saved) {
    return (
      <Skeleton
        variant="rounded"
        height={240}
        role="status"
        aria-label="Cargando tus datos médicos"
      />
    );
  }
  return (
    <MedicalForm
      start={(saved as MedicalFields | undefined) ?? fieldsOf(query.data)}
      unavailable={query.isError}
    />
  );
}

function MedicalForm({ start, unavailable }: { start: MedicalFields; unavailable: boolean }) {
  const { save } = useStepStart('medical');
  const failure = OnboardingWizard.useSelector(selectFailure);
  // The form holds text; the contract's parse (what is saved) turns '' into null.
  const form = useForm<MedicalFields>({
    resolver: zodResolver(medicalDataSchema) as unknown as Resolver<MedicalFields>,
    defaultValues: start,
  });
  useServerFieldErrors(form, failure, FIELDS);
  return (
    <StepForm onSubmit={form.handleSubmit((values) => save(values))}>
      {unavailable && (
        <Alert severity="warning">
          No pudimos leer lo que el club tiene registrado. Puedes llenar los datos y guardarlos.
        </Alert>
      )}
      <TextField label="EPS" autoComplete="off" {...textFieldProps(form, 'eps')} />
      <SelectField
        control={form.control}
        name="blood_type"
        label="Tipo de sangre"
        options={bloodOptions}
      />
      <TextField label="Alergias" multiline minRows={2} {...textFieldProps(form, 'allergies')} />
      <TextField
        label="Contacto de emergencia"
        autoComplete="off"
        {...textFieldProps(form, 'emergency_contact_name')}
      />
      <TextField
        label="Teléfono de emergencia"
        type="tel"
        autoComplete="off"
        {...textFieldProps(form, 'emergency_contact_phone')}
      />
    </StepForm>
  );
}
