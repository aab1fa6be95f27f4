import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useForm } from 'react-hook-form';
import { clubUpdateSchema } from '../../../contract/clubs.schema';
import { useClub } from '../../api/clubs.api';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { MONTHS } from '../clubs/club-labels';
import { OnboardingWizard } from './onboarding-context';
import { SelectField } from './onboarding-select-field';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const seasonSchema = clubUpdateSchema
  .pick({ season_start_month: true, season_end_month: true })
  .required();
type SeasonFields = { season_start_month: number; season_end_month: number };

const FIELDS = ['season_start_month', 'season_end_month'] as const;
const monthOptions = MONTHS.map((label, index) => ({ value: index + 1, label }));

function SeasonForm({ start }: { start: SeasonFields }) {
  const { save } = useStepStart('season');
  const failure = OnboardingWizard.useSelector(selectFailure);
  const form = useForm<SeasonFields>({ resolver: zodResolver(seasonSchema), defaultValues: start });
  useServerFieldErrors(form, failure, FIELDS);
  return (
    <StepForm onSubmit={form.handleSubmit(save)}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <SelectField
          control={form.control}
          name="season_start_month"
          label="Mes de inicio de temporada"
          required
          options={monthOptions}
        />
        <SelectField
          control={form.control}
          name="season_end_month"
          label="Mes de fin de temporada"
          required
          options={monthOptions}
        />
      </Box>
    </StepForm>
  );
}

/** 'Temporada': the months the club bills, from the club's own season when it has one. */
export function SeasonStep() {
  const { saved, clubId } = useStepStart('season');
  const club = useClub(saved ? 0 : (clubId ?? 0));
  if (saved) return <SeasonForm start={saved as SeasonFields} />;
  if (club.isLoading)
    return <Skeleton variant="rounded" height={120} role="status" aria-label="Cargando" />;
  const start = club.data
    ? {
        season_start_month: club.data.season_start_month,
        season_end_month: club.data.season_end_month,
      }
    : { season_start_month: 1, season_end_month: 12 };
  return <SeasonForm start={start} />;
}
