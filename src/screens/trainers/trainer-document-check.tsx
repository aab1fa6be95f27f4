import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import type { ValidateDocumentResponse } from '../../../contract/people.schema';
import type { PersonDocumentType } from '../../../contract/profile.schema';
import { useDocumentCheck } from '../../api/trainers.api';
import { documentToCheck } from './trainer-form';

/** How long the document check waits after the last key before asking the server. */
export const DOCUMENT_CHECK_DEBOUNCE_MS = 400;

export type DocumentAnswer = ValidateDocumentResponse['data'];

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * What the server says of the document typed (DOMAIN.md "Documents"): asked once the
 * number passes its type's rule and the person stopped typing; null before that.
 */
export function useDocumentAnswer(
  clubId: number,
  type: PersonDocumentType | '',
  number: string,
  personId: number | undefined,
): DocumentAnswer | null {
  const target = documentToCheck(type, number);
  const key = target ? `${target.type}:${target.number}` : '';
  const settled = useDebounced(key, DOCUMENT_CHECK_DEBOUNCE_MS);
  const check =
    target && settled === key ? { ...target, kind: 'trainer' as const, personId } : null;
  const answer = useDocumentCheck(clubId, check);
  return check && answer.data ? answer.data : null;
}

/** Whether the document answer forbids saving: the person already is a trainer here. */
export const blocksSaving = (answer: DocumentAnswer | null) =>
  answer?.status === 'in_club' && answer.already;

interface NoticeProps {
  answer: DocumentAnswer | null;
  linking: boolean;
  onLink: () => void;
  onUnlink: () => void;
}

/**
 * The document check's answer under the fields: nothing for a free document, the server's
 * message for someone in the club (an error when they already are a trainer), and for a
 * person registered elsewhere the offer to link them instead of creating a duplicate.
 */
export function DocumentCheckNotice({ answer, linking, onLink, onUnlink }: NoticeProps) {
  if (linking) {
    return (
      <Alert
        severity="success"
        sx={{ my: 1 }}
        action={
          <Button color="inherit" size="small" onClick={onUnlink}>
            Deshacer
          </Button>
        }
      >
        Se vinculará a la persona ya registrada; sus datos no cambian.
      </Alert>
    );
  }
  if (!answer || answer.status === 'free') return null;
  if (answer.status === 'in_club') {
    return (
      <Alert severity={answer.already ? 'error' : 'info'} sx={{ my: 1 }}>
        {answer.message}
      </Alert>
    );
  }
  return <LinkOffer message={answer.message} onLink={onLink} />;
}

/** «Vincular a esta persona»: the person exists elsewhere (the live check or the server's 409). */
export function LinkOffer({ message, onLink }: { message: string; onLink: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onLink}>
          Vincular a esta persona
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
