import {
  type CommunicationChannel,
  type CommunicationCreateInput,
  type CommunicationKind,
  communicationCreateSchema,
} from '../../../contract/communications.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { randomUuid } from '../../lib/random-uuid';

/*
 * The Comunicaciones Masivas form's values as the screen holds them, and the request they
 * make once complete (parsed with the contract, so the preview asks only valid ones).
 */

export type AudienceKind = 'all' | 'role' | 'clubs';

/** A chosen club, with its name for the chip. */
export interface ClubChoice {
  id: number;
  name: string;
}

export interface CommunicationFormValues {
  kind: CommunicationKind;
  title: string;
  body: string;
  audience: AudienceKind;
  role: RoleName;
  clubs: ClubChoice[];
  channels: CommunicationChannel[];
}

export const emptyCommunication: CommunicationFormValues = {
  kind: 'announcement',
  title: '',
  body: '',
  audience: 'all',
  role: 'Propietario del Club',
  clubs: [],
  channels: ['in_app'],
};

/** The request the values make; null while something required is missing or invalid. */
export function communicationRequest(
  values: CommunicationFormValues,
): CommunicationCreateInput | null {
  const audience =
    values.audience === 'all'
      ? { kind: 'all' as const }
      : values.audience === 'role'
        ? { kind: 'role' as const, role: values.role }
        : { kind: 'clubs' as const, club_ids: values.clubs.map((club) => club.id) };
  const input: CommunicationCreateInput = {
    kind: values.kind,
    title: values.title,
    body: values.body,
    audience,
    channels: values.channels,
  };
  return communicationCreateSchema.safeParse(input).success ? input : null;
}

/** 'persona' / 'personas'. */
export const peopleText = (count: number) => `${count} ${count === 1 ? 'persona' : 'personas'}`;

/**
 * A message being composed and its idempotency key (issue #17): made once per composed
 * message and kept while the values stay the same, so a retry after a failure (or a second
 * click) carries the same key and the server sends once. Any change, or the form emptied
 * after a send, is a new message with a new key.
 */
export interface CommunicationDraft {
  values: CommunicationFormValues;
  key: string;
}

export const composeCommunication = (
  values: CommunicationFormValues = emptyCommunication,
): CommunicationDraft => ({ values, key: randomUuid() });
