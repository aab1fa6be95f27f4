import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ClubSettings,
  REMINDER_OFFSETS_MAX,
  REMINDER_OFFSET_MAX,
  REMINDER_OFFSET_MIN,
  reminderOffsetLabel,
} from '../../../contract/club-settings.schema';
import {
  clubSettingsQuery,
  updateClubSettings,
  useClubSettings,
} from '../../api/club-settings.api';
import { SubmitButton } from '../../components/submit-button';
import { toast } from '../../components/toaster';
import { useSaveFlow } from '../../components/use-machine-flow';
import {
  ACCOUNT_FORM_EDIT,
  clubSettingsMachine,
  createClubSettingsImplementations,
} from '../../machines/account.actors';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** 'Meses sin cobro' and 'Recordatorios de pago' of the selected club (settings.manage). */
export function ClubBillingSection({ clubId }: { clubId: number }) {
  const settings = useClubSettings(clubId);
  let content;
  if (settings.isPending) {
    content = (
      <Skeleton
        variant="rounded"
        height={220}
        role="status"
        aria-label="Cargando la configuración"
      />
    );
  } else if (settings.isError) {
    content = (
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
    );
  } else {
    content = <BillingForm clubId={clubId} initial={settings.data} />;
  }
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="settings-billing"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="settings-billing">
        Cobros del club
      </Typography>
      {content}
    </Paper>
  );
}

function BillingForm({ clubId, initial }: { clubId: number; initial: ClubSettings }) {
  const queryClient = useQueryClient();
  const [months, setMonths] = useState(initial.non_billing_months);
  const [offsets, setOffsets] = useState(initial.payment_reminder_offsets);
  const [draft, setDraft] = useState('');
  const [logic] = useState(() =>
    clubSettingsMachine.provide(
      createClubSettingsImplementations({
        save: async (values) => {
          const saved = await updateClubSettings(clubId, values);
          queryClient.setQueryData(clubSettingsQuery(clubId).queryKey, saved);
          return saved;
        },
        toast,
      }),
    ),
  );
  const { busy, canSave, failure, submit } = useSaveFlow(logic, ACCOUNT_FORM_EDIT);

  const draftValue = Number(draft);
  const draftValid =
    draft.trim() !== '' &&
    Number.isInteger(draftValue) &&
    draftValue >= REMINDER_OFFSET_MIN &&
    draftValue <= REMINDER_OFFSET_MAX &&
    !offsets.includes(draftValue) &&
    offsets.length < REMINDER_OFFSETS_MAX;
  const addOffset = () => {
    if (!draftValid) return;
    setOffsets([...offsets, draftValue].sort((a, b) => a - b));
    setDraft('');
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit({ non_billing_months: months, payment_reminder_offsets: offsets });
      }}
    >
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">
          Meses sin cobro
        </Typography>
        <Typography variant="body2" color="text.secondary">
          En estos meses no se generan mensualidades (vacaciones).
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
          {MONTHS.map((label, index) => {
            const month = index + 1;
            return (
              <FormControlLabel
                key={label}
                label={label}
                control={
                  <Checkbox
                    checked={months.includes(month)}
                    onChange={(_, on) =>
                      setMonths(
                        on
                          ? [...months, month].sort((a, b) => a - b)
                          : months.filter((m) => m !== month),
                      )
                    }
                  />
                }
              />
            );
          })}
        </Box>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">
          Recordatorios de pago
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Días desde el vencimiento en que se recuerda el pago a la familia (negativo: antes). Hasta{' '}
          {REMINDER_OFFSETS_MAX}.
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }} aria-live="polite">
          {offsets.length === 0 && (
            <Typography variant="body2">Sin recordatorios: no se enviará ninguno.</Typography>
          )}
          {offsets.map((offset) => (
            <Chip
              key={offset}
              label={reminderOffsetLabel(offset)}
              onDelete={() => setOffsets(offsets.filter((o) => o !== offset))}
            />
          ))}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            type="number"
            label="Días (p. ej. -3, 0, 5)"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addOffset();
              }
            }}
            slotProps={{ htmlInput: { min: REMINDER_OFFSET_MIN, max: REMINDER_OFFSET_MAX } }}
          />
          <Button variant="outlined" onClick={addOffset} disabled={!draftValid}>
            Agregar
          </Button>
        </Stack>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure.message}
        </Alert>
      )}
      <SubmitButton
        label="Guardar cobros"
        busy={busy}
        disabled={!canSave || months.length === 12}
      />
    </Box>
  );
}
