import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { peopleMessages } from '../../../contract/people.schema';
import type { PersonDocumentType } from '../../../contract/profile.schema';
import {
  type Trainer,
  trainerCreateSchema,
  trainerUpdateSchema,
} from '../../../contract/trainers.schema';
import type { RequestFailure } from '../../lib/request-failure';
import type { TrainerValues } from '../../machines/trainers.actors';
import { identityLockedFor } from '../../components/person/identity-lock';

/*
 * The trainer dialog's form without the view: what the inputs hold, what goes to the
 * server (create, edit, or only the categories of someone with an account), and when the
 * server's 409 is a person to link.
 */

/** The fields the server may refuse by name, shown on their inputs. */
export const TRAINER_FIELDS = [
  'name',
  'lastname',
  'document_type',
  'document_number',
  'email',
  'phone',
  'category_ids',
] as const;

/** What the inputs hold: text as typed, no document type as ''. */
export interface TrainerFormInput {
  name: string;
  lastname: string;
  document_type: PersonDocumentType | '';
  document_number: string;
  email: string;
  phone: string;
  category_ids: number[];
  /** «Vincular a esta persona» was chosen: the person registered elsewhere joins as they are. */
  link_existing: boolean;
}

export const toInput = (trainer: Trainer | null): TrainerFormInput => ({
  name: trainer?.name ?? '',
  lastname: trainer?.lastname ?? '',
  document_type: trainer?.document_type ?? '',
  document_number: trainer?.document_number ?? '',
  email: trainer?.email ?? '',
  phone: trainer?.phone ?? '',
  category_ids: trainer?.categories.map(({ id }) => id) ?? [],
  link_existing: false,
});

/**
 * Someone with an account or in another club edits their own identity (422 otherwise,
 * issue #33): the club sets categories.
 */
export const identityLocked = (trainer: Trainer | null) =>
  trainer?.has_account === true || identityLockedFor(trainer);

/** The request the inputs make: a new trainer, an edit, or only the categories. */
export function toValues(input: TrainerFormInput, trainer: Trainer | null): TrainerValues {
  if (identityLocked(trainer)) return { category_ids: input.category_ids };
  const person = {
    name: input.name,
    lastname: input.lastname,
    document_type: input.document_type === '' ? null : input.document_type,
    document_number: input.document_number.trim() === '' ? null : input.document_number,
    email: input.email,
    phone: input.phone,
    category_ids: input.category_ids,
  };
  return trainer ? person : { ...person, link_existing: input.link_existing };
}

/** The contract's schema (create or update) over the request the inputs make. */
export const resolverFor = (trainer: Trainer | null): Resolver<TrainerFormInput> => {
  const resolve = (trainer
    ? zodResolver(trainerUpdateSchema)
    : zodResolver(trainerCreateSchema)) as unknown as Resolver<TrainerFormInput>;
  return async (values, context, options) => {
    const result = await resolve(
      toValues(values, trainer) as unknown as TrainerFormInput,
      context,
      options,
    );
    // The form keeps its own inputs; the request is made again from them on submit.
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
};

/** The server's 409 about a person registered elsewhere, whom the form may send a request. */
export const offersLink = (failure: RequestFailure | null) =>
  failure?.status === 409 &&
  (failure.fieldErrors.document_number === peopleMessages.existsElsewhere ||
    failure.fieldErrors.email === peopleMessages.emailTaken);
