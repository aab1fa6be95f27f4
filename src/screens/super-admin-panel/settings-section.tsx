import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type PlatformSettings,
  type PlatformSettingsUpdate,
  platformSettingsUpdateSchema,
} from '../../../contract/platform-settings.schema';
import { useAppConfig } from '../../api/app-config.api';
import { platformSettingsQuery, updatePlatformSettings } from '../../api/platform-settings.api';
import { refreshAfter } from '../../api/refresh';
import { SubmitButton } from '../../components/submit-button';
import { toast } from '../../components/toaster';
import { useSaveFlow } from '../../components/use-machine-flow';
import {
  PLATFORM_SETTINGS_FORM,
  createPlatformSettingsImplementations,
  platformSettingsMachine,
} from '../../machines/platform-settings.actors';
import { type PlanDraft, PlanFields } from './plan-fields';

const toDraft = (plan: PlatformSettings['plans'][number]): PlanDraft => ({
  ...plan,
  price_cop: String(plan.price_cop),
  features: plan.features.join('\n'),
  max_players: plan.max_players === null ? '' : String(plan.max_players),
});

/** Text typed as a whole number when it is one; else the text, which the contract refuses. */
const wholeOrText = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text) : text);

const fromDraft = (whatsapp: string, plans: PlanDraft[]): unknown => ({
  whatsapp_number: whatsapp.trim() === '' ? null : whatsapp.trim(),
  plans: plans.map((plan) => ({
    ...plan,
    price_cop: wholeOrText(plan.price_cop),
    features: plan.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    max_players: plan.max_players.trim() === '' ? null : wholeOrText(plan.max_players),
  })),
});

function SettingsForm({ initial }: { initial: PlatformSettings }) {
  const queryClient = useQueryClient();
  const inUse = useAppConfig().data?.whatsapp_phone;
  const [whatsapp, setWhatsapp] = useState(initial.whatsapp_number ?? '');
  const [plans, setPlans] = useState(() => initial.plans.map(toDraft));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [logic] = useState(() =>
    platformSettingsMachine.provide(
      createPlatformSettingsImplementations({
        save: async (values) => {
          const saved = await updatePlatformSettings(values);
          await refreshAfter(queryClient, { resource: 'platform-settings' });
          return saved;
        },
        toast,
      }),
    ),
  );
  const save = useSaveFlow(logic, PLATFORM_SETTINGS_FORM);
  const { busy, canSave, failure } = save;
  const errors = { ...(failure?.fieldErrors ?? {}), ...clientErrors };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = platformSettingsUpdateSchema.safeParse(fromDraft(whatsapp, plans));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    save.submit(parsed.data as PlatformSettingsUpdate);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {failure && !failure.fieldErrors.whatsapp_number && (
          <Alert severity="error">{failure.message}</Alert>
        )}
        <TextField
          label="Número de WhatsApp de soporte"
          inputMode="numeric"
          value={whatsapp}
          onChange={(event) => setWhatsapp(event.target.value)}
          error={Boolean(errors.whatsapp_number)}
          helperText={
            errors.whatsapp_number ??
            `Solo dígitos, con el indicativo del país (8 a 15). Vacío: el de la configuración del servidor${
              inUse ? ` (hoy se usa ${inUse})` : ''
            }.`
          }
          sx={{ maxWidth: 420 }}
        />
        {errors.plans && <Alert severity="error">{errors.plans}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {plans.map((plan, index) => (
            <PlanFields
              key={plan.id}
              index={index}
              plan={plan}
              errors={errors}
              onChange={(next) => setPlans(plans.map((each, i) => (i === index ? next : each)))}
            />
          ))}
        </Box>
        <Box sx={{ maxWidth: 320 }}>
          <SubmitButton label="Guardar configuración" busy={busy} disabled={!canSave} />
        </Box>
      </Stack>
    </Box>
  );
}

/** The platform's settings: the WhatsApp help number and the plans. */
export function SettingsSection() {
  const settings = useQuery(platformSettingsQuery);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="panel-settings"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="panel-settings" sx={{ mb: 2 }}>
        Configuración de la plataforma
      </Typography>
      {settings.isPending ? (
        <Skeleton
          variant="rounded"
          height={220}
          role="status"
          aria-label="Cargando la configuración"
        />
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Reintentar
            </Button>
          }
        >
          {settings.error.message}
        </Alert>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </Paper>
  );
}
