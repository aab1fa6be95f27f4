import {
  PRIVACY_POLICY_VERSION,
  TERMS_VERSION,
  consentMessages,
} from '../../../contract/auth.schema';
import { platformConsents } from '../../db/schema/consents';
import { conflictOn } from '../../lib/app-error';
import type { Tx } from '../people/people.service';

/*
 * The platform's texts a person accepts when opening an account (issue #33 item 8): the
 * terms of use and the data-processing authorisation (Ley 1581), each of the version the
 * register page showed, kept with who, when, IP and browser in `platform_consents`.
 */

/** The longest browser description a consent keeps (as the club consents do). */
const USER_AGENT_MAX = 300;

/** Where a consent was given from: the caller's IP and browser. */
export interface SignUpOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** 409 on the field whose text changed since the page showed it (reload and read it again). */
export function assertCurrentVersions(input: {
  terms_version: string;
  data_policy_version: string;
}) {
  if (input.terms_version !== TERMS_VERSION) {
    throw conflictOn('terms_version', consentMessages.termsOutdated);
  }
  if (input.data_policy_version !== PRIVACY_POLICY_VERSION) {
    throw conflictOn('data_policy_version', consentMessages.dataPolicyOutdated);
  }
}

/** The two acceptance rows of a new account, in the sign-up's transaction. */
export async function recordSignUpConsents(
  tx: Tx,
  userId: number,
  origin: SignUpOrigin,
  acceptedAt: Date,
) {
  const from = { ip: origin.ip, userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null };
  await tx.insert(platformConsents).values([
    { userId, kind: 'terms', version: TERMS_VERSION, acceptedAt, ...from },
    { userId, kind: 'data_policy', version: PRIVACY_POLICY_VERSION, acceptedAt, ...from },
  ]);
}
