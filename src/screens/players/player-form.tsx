import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { PlayerDetail } from '../../../contract/players.schema';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import {
  IDENTITY_LOCKED_HELPER,
  IDENTITY_LOCKED_NOTICE,
  identityLockedFor,
} from '../../components/person/identity-lock';
import { PlanLimitAlert, planLimitMessageOf } from '../../components/plan-limit-alert';
import { SubmitButton } from '../../components/submit-button';
import { AuthContext } from '../../app/auth-context';
import { useSaveFlow } from '../../components/use-machine-flow';
import { mayCall } from '../../lib/api-access';
import { selectPermissions } from '../../machines/auth.selectors';
import {
  PLAYER_FORM_OPTIONS,
  type PlayerDiscountsChange,
  type PlayerFormValues,
} from '../../machines/players.actors';
import { PlayerCategorySection } from './player-category-section';
import { PlayerClubSection } from './player-club-section';
import { PlayerDiscountsField } from './player-discounts-field';
import {
  ALREADY_PLAYER,
  PlayerDocumentSection,
  useDocumentStatus,
} from './player-document-section';
import { PlayerGuardianSection } from './player-guardian-section';
import { PlayerHealthSection } from './player-health-section';
import { PlayerPersonSection } from './player-person-section';
import {
  emptyPlayerFields,
  type FormMode,
  isMinorOn,
  PLAYER_FORM_FIELDS,
  playerFieldsOf,
  playerResolverFor,
  type PlayerFormFields,
} from './player-form.values';
import { PLAYERS_PATH, usePlayerFormLogic } from './players.logic';

interface PlayerFormProps {
  clubId: number;
  /** The player edited; null creates one. */
  player: PlayerDetail | null;
}

/** An edit of a person with an account or in another club leaves their identity alone. */
const modeOf = (player: PlayerDetail | null): FormMode =>
  player === null
    ? 'create'
    : player.has_account || identityLockedFor(player)
      ? 'editAccount'
      : 'edit';

/** The player's six sections and 'Guardar', checked with the contract, saved once at a time. */
export function PlayerForm({ clubId, player }: PlayerFormProps) {
  const mode = modeOf(player);
  const {
    busy: saving,
    canSave,
    failure,
    submit,
  } = useSaveFlow(usePlayerFormLogic(clubId, player?.id ?? null), PLAYER_FORM_OPTIONS);
  const [photo, setPhoto] = useState<File | null>(null);
  const [discounts, setDiscounts] = useState<PlayerDiscountsChange | null>(null);
  const permissions = AuthContext.useSelector(selectPermissions);
  const canAssignDiscounts = mayCall(
    permissions,
    'PATCH /api/pla_club_teams/:id/discounts/:discountId/players',
  );
  const form = useForm<PlayerFormFields, unknown, PlayerFormValues>({
    resolver: playerResolverFor(mode),
    defaultValues: player ? playerFieldsOf(player) : emptyPlayerFields(),
  });
  useServerFieldErrors(
    form as unknown as UseFormReturn<PlayerFormFields>,
    failure,
    PLAYER_FORM_FIELDS,
  );
  const status = useDocumentStatus(form, clubId, player?.id ?? null);
  const [birthDate, linked] = useWatch({
    control: form.control,
    name: ['birth_date', 'link_existing'],
  });
  const already = status.result?.status === 'in_club' && status.result.already;
  const planLimit = planLimitMessageOf(failure);
  const onAField = failure && PLAYER_FORM_FIELDS.some((field) => failure.fieldErrors[field]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (already) {
      event.preventDefault();
      form.setError(
        'document_number',
        { type: 'server', message: ALREADY_PLAYER },
        { shouldFocus: true },
      );
      return;
    }
    void form.handleSubmit((values) => submit({ ...values, photo, discounts }))(event);
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }}>
      {planLimit && <PlanLimitAlert message={planLimit} />}
      {failure && !onAField && !planLimit && <Alert severity="error">{failure.message}</Alert>}
      {mode === 'editAccount' && <Alert severity="info">{IDENTITY_LOCKED_NOTICE}</Alert>}
      <PlayerPersonSection
        form={form}
        locked={mode === 'editAccount' || linked}
        lockedHelper={mode === 'editAccount' ? IDENTITY_LOCKED_HELPER : undefined}
        photo={{ currentUrl: player?.photo_url ?? null, file: photo, onChange: setPhoto }}
      />
      <PlayerDocumentSection
        form={form}
        status={status}
        locked={mode === 'editAccount'}
        lockedHelper={mode === 'editAccount' ? IDENTITY_LOCKED_HELPER : undefined}
        creating={mode === 'create'}
      />
      <PlayerCategorySection form={form} clubId={clubId} current={player?.category ?? null} />
      {isMinorOn(birthDate) && <PlayerGuardianSection form={form} />}
      <PlayerClubSection form={form} />
      {canAssignDiscounts && (
        <PlayerDiscountsField
          clubId={clubId}
          playerId={player?.id ?? null}
          value={discounts}
          onChange={setDiscounts}
        />
      )}
      <PlayerHealthSection form={form} />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        sx={{ gap: 1, alignItems: { sm: 'flex-end' } }}
      >
        <Button component={RouterLink} to={PLAYERS_PATH} size="large" sx={{ mt: { sm: 2 } }}>
          Cancelar
        </Button>
        <SubmitButton
          label={player ? 'Guardar cambios' : 'Crear jugador'}
          busy={saving}
          disabled={!canSave || already}
        />
      </Stack>
    </Stack>
  );
}
