import { useEffect, useState } from 'react';
import { documentNumberProblem } from '../../../contract/people.schema';
import type { PersonDocumentType } from '../../../contract/profile.schema';
import { type DocumentAnswer, type DocumentCheck, useDocumentCheck } from '../../api/people.api';

/** How long the document check waits after the last key before asking the server. */
export const DOCUMENT_CHECK_DEBOUNCE_MS = 400;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The document as the contract stores it, or null while it breaks its type's rule. */
export function documentToCheck(type: PersonDocumentType | '', number: string) {
  const normalized = number.replace(/[\s.-]/g, '').toUpperCase();
  if (!type || !normalized || documentNumberProblem(type, normalized)) return null;
  return { type, number: normalized };
}

/**
 * What the server says of the typed document (DOMAIN.md "Documents"), asked once the
 * number passes its type's rule and the person stopped typing; null before that and
 * while a newer document waits. `key` names the document the answer is about ('' none).
 */
export function useDocumentAnswer(
  check: Omit<DocumentCheck, 'type' | 'number'> & { type: PersonDocumentType | ''; number: string },
): { answer: DocumentAnswer | null; key: string } {
  const target = documentToCheck(check.type, check.number);
  const key = target ? `${target.type}:${target.number}` : '';
  const settled = useDebounced(key, DOCUMENT_CHECK_DEBOUNCE_MS);
  const asked = target && settled === key ? { ...check, ...target } : null;
  const answer = useDocumentCheck(asked);
  return { answer: asked && answer.isSuccess ? answer.data : null, key };
}
