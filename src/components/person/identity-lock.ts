import { peopleMessages } from '../../../contract/people.schema';

/*
 * Who edits a person's identity (issue #33 item 1): once the person has an account or
 * belongs to another club (`identity_editable: false`), the club does not change their
 * names, document, birth date, gender or e-mail; the person (for a minor, an authorised
 * guardian) does, from their account. A person registered elsewhere is not linked: the
 * club sends them a request.
 */

/** The notice over a form whose identity fields are locked (the contract's words). */
export const IDENTITY_LOCKED_NOTICE = `${peopleMessages.ownProfileOnly}.`;

/** The helper text under each locked identity field. */
export const IDENTITY_LOCKED_HELPER = 'Lo cambia la persona (o su acudiente) desde su cuenta';

/** The button that turns on `link_existing` for a person registered elsewhere. */
export const SEND_REQUEST = 'Enviar solicitud';

/** What the form says once «Enviar solicitud» is chosen. */
export const REQUEST_WILL_BE_SENT =
  'Se enviará una solicitud a esta persona: aparecerá en el club cuando ella (o su acudiente) la acepte.';

/** Whether the club may not change the person's identity. */
export const identityLockedFor = (person: { identity_editable: boolean } | null) =>
  person !== null && !person.identity_editable;
