import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { DocumentAnswer } from '../../api/people.api';
import { REQUEST_WILL_BE_SENT, SEND_REQUEST } from '../../components/person/identity-lock';

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
 * person registered elsewhere the offer to send them a request instead of creating a
 * duplicate (issue #33: they join once they, or their guardian, accept).
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
        {REQUEST_WILL_BE_SENT}
      </Alert>
    );
  }
  if (!answer || answer.status === 'free' || answer.status === 'own') return null;
  if (answer.status === 'in_club') {
    return (
      <Alert severity={answer.already ? 'error' : 'info'} sx={{ my: 1 }}>
        {answer.message}
      </Alert>
    );
  }
  return <LinkOffer message={answer.message} onLink={onLink} />;
}

/** «Enviar solicitud»: the person exists elsewhere (the live check or the server's 409). */
export function LinkOffer({ message, onLink }: { message: string; onLink: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onLink}>
          {SEND_REQUEST}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
