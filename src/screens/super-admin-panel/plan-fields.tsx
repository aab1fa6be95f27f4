import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A plan as the form holds it: numbers and lists as the text typed. */
export interface PlanDraft {
  id: 'free' | 'pro';
  name: string;
  price_cop: string;
  description: string;
  /** One feature per line. */
  features: string;
  /** Empty: no limit. */
  max_players: string;
  available: boolean;
}

/** The fields of one plan; `errors` by the contract's path under `plans.{index}`. */
export function PlanFields({
  index,
  plan,
  errors,
  onChange,
}: {
  index: number;
  plan: PlanDraft;
  errors: Record<string, string>;
  onChange: (plan: PlanDraft) => void;
}) {
  const errorOf = (field: string) =>
    errors[`plans.${index}.${field}`] ??
    Object.entries(errors).find(([path]) => path.startsWith(`plans.${index}.${field}.`))?.[1];
  const id = `plan-${plan.id}`;
  const text = (field: 'name' | 'price_cop' | 'description' | 'features' | 'max_players') => ({
    value: plan[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...plan, [field]: event.target.value }),
    error: Boolean(errorOf(field)),
  });
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }} aria-labelledby={id}>
      <Typography component="legend" id={id} variant="subtitle1" sx={{ px: 0.5 }}>
        Plan {plan.id === 'free' ? 'Gratis' : 'Pro'} ({plan.id})
      </Typography>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField label="Nombre" required {...text('name')} helperText={errorOf('name')} />
        <TextField
          label="Precio mensual (COP)"
          inputMode="numeric"
          {...text('price_cop')}
          helperText={errorOf('price_cop') ?? 'Pesos enteros, sin puntos. 0 es gratis.'}
        />
        <TextField
          label="Descripción"
          {...text('description')}
          helperText={errorOf('description')}
        />
        <TextField
          label="Características"
          multiline
          minRows={3}
          {...text('features')}
          helperText={errorOf('features') ?? 'Una por línea (máximo 20).'}
        />
        <TextField
          label="Máximo de jugadores activos"
          inputMode="numeric"
          {...text('max_players')}
          helperText={errorOf('max_players') ?? 'Vacío: sin límite.'}
        />
        <FormControlLabel
          label="Disponible para contratar"
          control={
            <Checkbox
              checked={plan.available}
              onChange={(_, available) => onChange({ ...plan, available })}
            />
          }
        />
      </Stack>
    </Paper>
  );
}
