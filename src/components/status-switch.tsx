import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import type { PersonStatus } from '../../contract/people.schema';
import {
  createStatusToggleImplementations,
  isShownActive,
  statusSwitchRequest,
  statusToggleMachine,
} from '../machines/status-toggle.actors';
import { ConfirmDialog } from './confirm-dialog';
import { useConfirmFlow } from './use-machine-flow';
import { toast } from './toaster';

/** What the switch is about, in the confirmation: '¿Desactivar a Ana Pérez?'. */
export type StatusNoun = 'entrenador' | 'jugador' | 'descuento' | 'cobro';

/** The confirmation of turning off: a person of the club, or a thing of its catalogue. */
const offQuestion = (noun: StatusNoun, name: string) =>
  noun === 'descuento' || noun === 'cobro'
    ? {
        title: `¿Desactivar el ${noun} ${name}?`,
        text: 'Quedará inactivo y no se aplicará a pagos nuevos; puedes volver a activarlo con este mismo interruptor.',
      }
    : {
        title: `¿Desactivar a ${name}?`,
        text: `Quedará inactivo como ${noun} del club; puedes volver a activarlo con este mismo interruptor.`,
      };

/**
 * The status switch of one row (trainers, players; issue #11).
 *
 * Contract:
 * - `subject`: the person; `name` names the switch ('Estado de Ana Pérez') and the question.
 * - `active`: the server's value (the row's `status === 'active'`).
 * - `canChange`: false (no `<resource>.update` permission) draws it disabled.
 * - `change(id, status)`: the API call; a rejection with a RequestError is the refusal whose
 *   message the error toast shows, and the switch goes back to `active`.
 * - `refresh()`: reads the list again once the server changed it (awaited before the switch
 *   shows `active` again, so it does not flicker back).
 * - `noun`: what the person is in the club, for the question's text.
 * `change` and `refresh` are read once, when the row's switch first draws: pass stable
 * functions (the screen's `useMemo` columns, TanStack's invalidation in a `useCallback`).
 *
 * Turning off asks first, turning on runs at once; while the request runs the switch shows
 * the asked-for value (optimistic) and waits. The component owns its own actor (one per
 * row), so two rows switched at once resolve independently.
 */
export interface StatusSwitchProps {
  subject: { id: number; name: string };
  active: boolean;
  canChange: boolean;
  change: (id: number, status: PersonStatus) => Promise<unknown>;
  refresh: () => unknown;
  noun: StatusNoun;
}

export function StatusSwitch(props: StatusSwitchProps) {
  const { subject, active, canChange, noun } = props;
  // The row's actor is made once, with the effects it was first given.
  const [logic] = useState(() =>
    statusToggleMachine.provide(
      createStatusToggleImplementations({ change: props.change, refresh: props.refresh, toast }),
    ),
  );
  const toggle = useConfirmFlow(logic);
  const { asking, running, inFlight } = toggle;
  const shown = isShownActive({ id: subject.id, active }, inFlight);

  return (
    <>
      <FormControlLabel
        label={shown ? 'Activo' : 'Inactivo'}
        sx={{ m: 0 }}
        control={
          <Switch
            checked={shown}
            disabled={!canChange || running || asking !== null}
            onChange={(_, on) => toggle.actor.send(statusSwitchRequest(subject, on))}
            slotProps={{ input: { 'aria-label': `Estado de ${subject.name}` } }}
          />
        }
      />
      <ConfirmDialog
        open={asking !== null}
        {...offQuestion(noun, asking?.name ?? subject.name)}
        confirmLabel="Desactivar"
        busy={running}
        onCancel={toggle.cancel}
        onConfirm={toggle.confirm}
      />
    </>
  );
}
