import { zodResolver } from '@hookform/resolvers/zod';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { clubCreateSchema, DEFAULT_COUNTRY, type Club } from '../../../contract/clubs.schema';
import { useClub } from '../../api/clubs.api';
import { useCities, useCountries, useSports, useStates } from '../../api/reference.api';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { CityField, ReferenceFailure } from './onboarding-club-places';
import { OnboardingWizard } from './onboarding-context';
import { SelectField } from './onboarding-select-field';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

/** What the club step sends: the club's own fields (country as ISO2, state and city by name). */
export type ClubStepFields = {
  name: string;
  sport: string;
  country: string;
  state: string;
  city: string;
};

const required = (value: string | null | undefined) => Boolean(value && value.trim());

/** The contract's club fields; the wizard also needs the sport and the place. */
const clubStepSchema = clubCreateSchema
  .pick({ name: true, sport: true, country: true, state: true, city: true })
  .refine((club) => required(club.sport), { path: ['sport'], message: 'Elige un deporte' })
  .refine((club) => required(club.country), { path: ['country'], message: 'Elige un país' })
  .refine((club) => required(club.state), { path: ['state'], message: 'Elige un departamento' })
  .refine((club) => required(club.city), { path: ['city'], message: 'Elige una ciudad' });

const FIELDS = ['name', 'sport', 'country', 'state', 'city'] as const;

const empty: ClubStepFields = {
  name: '',
  sport: '',
  country: DEFAULT_COUNTRY,
  state: '',
  city: '',
};

const fieldsOf = (club: Club): ClubStepFields => ({
  name: club.name,
  sport: club.sport ?? '',
  country: club.country ?? DEFAULT_COUNTRY,
  state: club.state ?? '',
  city: club.city ?? '',
});

function ClubForm({ start }: { start: ClubStepFields }) {
  const { save } = useStepStart('club');
  const failure = OnboardingWizard.useSelector(selectFailure);
  const form = useForm<ClubStepFields>({
    resolver: zodResolver(clubStepSchema) as never,
    defaultValues: start,
  });
  useServerFieldErrors(form, failure, FIELDS);
  const [country, state] = useWatch({ control: form.control, name: ['country', 'state'] });
  const sports = useSports();
  const countries = useCountries();
  const countryId = countries.data?.find(({ iso2 }) => iso2 === country)?.id ?? null;
  const states = useStates(countryId);
  const stateId = states.data?.find(({ name }) => name === state)?.id ?? null;
  const cities = useCities(countryId, stateId);
  const clear = (...names: Array<'state' | 'city'>) =>
    names.forEach((name) => form.setValue(name, ''));

  return (
    <StepForm onSubmit={form.handleSubmit(save)}>
      <ReferenceFailure queries={[sports, countries, states, cities]} />
      <TextField
        label="Nombre del club"
        required
        autoComplete="organization"
        {...textFieldProps(form, 'name')}
      />
      <SelectField
        control={form.control}
        name="sport"
        label="Deporte"
        required
        options={(sports.data ?? []).map(({ name }) => ({ value: name, label: name }))}
      />
      <SelectField
        control={form.control}
        name="country"
        label="País"
        required
        options={(countries.data ?? []).map(({ iso2, name }) => ({ value: iso2, label: name }))}
        onChanged={() => clear('state', 'city')}
      />
      <SelectField
        control={form.control}
        name="state"
        label="Departamento"
        required
        disabled={countryId === null}
        options={(states.data ?? []).map(({ name }) => ({ value: name, label: name }))}
        onChanged={() => clear('city')}
      />
      <CityField form={form} cities={cities.data ?? []} disabled={stateId === null} />
    </StepForm>
  );
}

/** 'Tu club': name, sport and place; the club the user already owns is edited, not created. */
export function ClubStep() {
  const { saved, clubId } = useStepStart('club');
  const club = useClub(saved ? 0 : (clubId ?? 0));
  if (saved) return <ClubForm start={saved as ClubStepFields} />;
  if (club.isLoading)
    return <Skeleton variant="rounded" height={320} role="status" aria-label="Cargando" />;
  return <ClubForm start={club.data ? fieldsOf(club.data) : empty} />;
}
