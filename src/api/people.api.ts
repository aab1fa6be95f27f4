import { useQuery } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import {
  type DocumentCheckKind,
  type ValidateDocumentResponse,
  validateDocumentQuerySchema,
  validateDocumentResponseSchema,
} from '../../contract/people.schema';
import type { PersonDocumentType } from '../../contract/profile.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/** What a form asks `GET /api/validate-document` about. */
export interface DocumentCheck {
  clubId: number;
  type: PersonDocumentType;
  /** Bare and uppercase, as the contract stores it. */
  number: string;
  kind: DocumentCheckKind;
  /** The person being edited, whose own document is no conflict. */
  personId?: number;
}

export type DocumentAnswer = ValidateDocumentResponse['data'];

/** `GET /api/validate-document`: free, already in this club (and as what), or elsewhere. */
export const validateDocument = (check: DocumentCheck): Promise<DocumentAnswer> =>
  describeFailures(async () => {
    const query = validateDocumentQuerySchema.parse({
      type: check.type,
      number: check.number,
      clubId: check.clubId,
      typeUser: check.kind,
      ...(check.personId ? { personId: check.personId } : {}),
    });
    return validateDocumentResponseSchema.parse(
      await authClient('/validate-document', { query: listQueryString(query) }),
    ).data;
  });

/** The answer about a document once `check` is set; no request while it is null. */
export const useDocumentCheck = (check: DocumentCheck | null) =>
  useQuery({
    queryKey: clubKey(check?.clubId ?? 0, 'validate-document', { ...check }),
    queryFn: () => validateDocument(check!),
    enabled: check !== null && check.clubId > 0,
    staleTime: 30_000,
  });
