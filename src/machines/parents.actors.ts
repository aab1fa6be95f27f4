import { fromPromise } from 'xstate';
import { type ChildIdentityUpdateInput } from '../../contract/child-identity.schema';
import {
  parentMessages,
  photoChannelLabels,
  type GuardianInviteResponse,
  type PhotoChannel,
} from '../../contract/parents.schema';
import type { PaymentActionResponse } from '../../contract/payment-actions.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * The families' flows (issue #15) on the generic machines, with their effects (STYLE.md
 * §2): 'Invitar acudiente' (the save machine as a dialog), the staff's decision on a
 * guardian's link and a child's photo consent per channel (the confirm-action machine),
 * and 'Enviar comprobante' (the save machine as a dialog).
 */

/** Who the invitation dialog is about: one player or the selected ones. */
export interface GuardianInviteSubject {
  playerIds: number[];
  /** The players' names by id, read when the dialog opened (for the skipped ones). */
  names: Record<number, string>;
}

/** What the dialog sends: one e-mail for one player, none for bulk (each player's own). */
export interface GuardianInviteValues {
  email?: string;
  authorize: boolean;
}

export const guardianInviteMachine = saveFor<
  GuardianInviteSubject,
  GuardianInviteValues,
  GuardianInviteResponse
>();
export const GUARDIAN_INVITE_OPTIONS = { dialog: true, afterSave: 'close' } as const;

/** Why the server skipped a player, in Spanish. */
export const skipReasonLabels: Record<GuardianInviteResponse['skipped'][number]['reason'], string> =
  {
    no_email: 'sin correo de acudiente',
    already_linked: 'ya vinculado',
    not_a_player: 'no es jugador del club',
  };

/**
 * 'Se enviaron 2 invitaciones de acudiente. Sin invitar: Juan Gómez (sin correo de
 * acudiente).': what the server says it did (DOMAIN.md trap 3).
 */
export function inviteDoneText(
  { sent, skipped }: GuardianInviteResponse,
  names: Record<number, string>,
): string {
  const parts = [
    sent.length > 0 ? parentMessages.invited(sent.length) : 'No se envió ninguna invitación',
  ];
  if (skipped.length > 0) {
    const who = skipped
      .map(
        ({ player_id, reason }) =>
          `${names[player_id] ?? `Jugador ${player_id}`} (${skipReasonLabels[reason]})`,
      )
      .join(', ');
    parts.push(`Sin invitar: ${who}`);
  }
  return `${parts.join('. ')}.`;
}

export function createGuardianInviteImplementations(deps: {
  invite: (body: {
    player_ids: number[];
    email?: string;
    authorize: boolean;
  }) => Promise<GuardianInviteResponse>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<
        GuardianInviteResponse,
        SaveRequest<GuardianInviteSubject, GuardianInviteValues>
      >(({ input: { subject, values } }) => {
        if (subject === null) throw new Error('No players to invite guardians of');
        return deps.invite({
          player_ids: subject.playerIds,
          authorize: values.authorize,
          ...(values.email ? { email: values.email } : {}),
        });
      }),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          inviteDoneText(output, subject?.names ?? {}),
          output.sent.length === 0 ? { variant: 'destructive' } : undefined,
        ),
    },
  } satisfies SaveImplementations<
    GuardianInviteSubject,
    GuardianInviteValues,
    GuardianInviteResponse
  >;
}

/** The staff's decision on one guardian's link to a player. */
export interface GuardianDecision {
  guardianId: number;
  name: string;
  status: 'authorized' | 'denied';
}

/** 'Autorizar' runs at once; 'No autorizar' asks first. */
export const guardianDecisionMachine = confirmActionFor<GuardianDecision, void>();

export function createGuardianDecisionImplementations(deps: {
  decide: (decision: GuardianDecision) => Promise<unknown>;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<void, { subject: GuardianDecision }>(async ({ input }) => {
        await deps.decide(input.subject);
      }),
    },
    actions: {
      notifyDone: (_, { subject }) =>
        deps.toast(
          subject.status === 'authorized' ? parentMessages.authorized : parentMessages.denied,
        ),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<GuardianDecision, void>;
}

/** One channel's photo consent asked for a child in a club. */
export interface PhotoConsentChange {
  playerId: number;
  clubId: number;
  channel: PhotoChannel;
  granted: boolean;
}

/** A switch per channel: runs at once, shows the asked-for value meanwhile. */
export const photoConsentMachine = confirmActionFor<PhotoConsentChange, void>();

export function createPhotoConsentImplementations(deps: {
  save: (change: PhotoConsentChange) => Promise<unknown>;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<void, { subject: PhotoConsentChange }>(async ({ input }) => {
        await deps.save(input.subject);
      }),
    },
    actions: {
      notifyDone: (_, { subject }) =>
        deps.toast(`${parentMessages.photoConsentSaved}: ${photoChannelLabels[subject.channel]}`),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<PhotoConsentChange, void>;
}

/** The payment a family sends a proof for, and what it still owes. */
export interface ProofSubject {
  clubId: number;
  paymentId: number;
  amountDue: number;
}

/** The proof's fields and file, as the dialog sends them. */
export interface ProofValues {
  amount: number;
  payment_method_id: number;
  paid_on: string;
  reference?: string | null;
  note?: string | null;
  file: File;
}

export const proofSendMachine = saveFor<ProofSubject, ProofValues, PaymentActionResponse['data']>();
export const PROOF_SEND_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export function createProofSendImplementations(deps: {
  send: (subject: ProofSubject, values: ProofValues) => Promise<PaymentActionResponse['data']>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<PaymentActionResponse['data'], SaveRequest<ProofSubject, ProofValues>>(
        ({ input: { subject, values } }) => {
          if (subject === null) throw new Error('No payment to send a proof for');
          return deps.send(subject, values);
        },
      ),
    },
    actions: {
      notifySaved: () => deps.toast('Comprobante enviado: el club lo revisará'),
    },
  } satisfies SaveImplementations<ProofSubject, ProofValues, PaymentActionResponse['data']>;
}

/** The child whose identity the guardian edits (issue #33): who, and what is stored now. */
export interface ChildIdentitySubject {
  playerId: number;
  /** 'Sara Gómez', for the dialog's title. */
  name: string;
}

/** 'Editar datos' on an authorised child's card: a dialog that saves once and closes. */
export const childIdentityMachine = saveFor<
  ChildIdentitySubject,
  ChildIdentityUpdateInput,
  { message?: string }
>();
export const CHILD_IDENTITY_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface ChildIdentityDeps {
  save: (playerId: number, values: ChildIdentityUpdateInput) => Promise<{ message?: string }>;
  toast: Toast;
}

export function createChildIdentityImplementations(deps: ChildIdentityDeps) {
  return {
    actors: {
      save: fromPromise<
        { message?: string },
        SaveRequest<ChildIdentitySubject, ChildIdentityUpdateInput>
      >(({ input }) => {
        if (!input.subject) throw new Error('No child to save');
        return deps.save(input.subject.playerId, input.values);
      }),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(output.message ?? `Datos de ${subject?.name ?? 'tu hijo'} actualizados`),
    },
  } satisfies SaveImplementations<
    ChildIdentitySubject,
    ChildIdentityUpdateInput,
    { message?: string }
  >;
}
