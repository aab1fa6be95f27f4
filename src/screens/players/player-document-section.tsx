import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { type ValidateDocumentResponse } from '../../../contract/people.schema';
import { documentTypeLabels, personDocumentTypes } from '../../../contract/profile.schema';
import { REQUEST_WILL_BE_SENT, SEND_REQUEST } from '../../components/person/identity-lock';
import { useDocumentAnswer } from '../../components/person/use-document-answer';
import {
  FormSection,
  FormSelect,
  FormText,
  optionsOf,
  pair,
  type PlayerForm,
} from './player-form-fields';

/** What the form's save is refused for: the person is a player of the club already. */
export const ALREADY_PLAYER = 'Ya es jugador del club';

export type DocumentCheck = ValidateDocumentResponse['data'];

/**
 * What validate-document says of the typed document, asked once the number passes the
 * contract's rule for its type and the person stops typing; null meanwhile. `personId`
 * (an edit) is not a conflict with their own document.
 */
export function useDocumentStatus(form: PlayerForm, clubId: number, personId: number | null) {
  const [type, number] = useWatch({
    control: form.control,
    name: ['document_type', 'document_number'],
  });
  const { answer, key } = useDocumentAnswer({
    clubId,
    type,
    number,
    kind: 'player',
    ...(personId ? { personId } : {}),
  });
  return { result: answer, key };
}

interface DocumentSectionProps {
  form: PlayerForm;
  status: ReturnType<typeof useDocumentStatus>;
  /** The person has an account or another club: the document is theirs to change. */
  locked: boolean;
  /** Said under the locked fields: who changes them (issue #33). */
  lockedHelper?: string;
  /** Creating: an existing person may be linked instead. */
  creating: boolean;
}

/**
 * 2. Documento: type and number, with what the server knows of them: free, already in
 * the club (as a player: saving is refused; in another role: linked), or a person elsewhere
 * who is sent a request instead of being duplicated (issue #33).
 */
export function PlayerDocumentSection(props: DocumentSectionProps) {
  const { form, status, locked, lockedHelper, creating } = props;
  const { result, key } = status;
  const linked = useWatch({ control: form.control, name: 'link_existing' });
  const { setValue } = form;
  const linkedTo = useRef<string | null>(null);
  // Another document is another person: the link was for the one checked.
  useEffect(() => {
    if (linked && key !== linkedTo.current) setValue('link_existing', false);
  }, [linked, key, setValue]);
  const link = (on: boolean) => {
    linkedTo.current = on ? key : null;
    setValue('link_existing', on, { shouldDirty: true });
  };
  const already = result?.status === 'in_club' && result.already;
  // A person who exists is never duplicated: in this club in another role they are linked;
  // elsewhere (another club, an account) they are sent a request (issue #33).
  const existing =
    result !== null && (result.status === 'elsewhere' || (result.status === 'in_club' && !already));
  const elsewhere = result?.status === 'elsewhere';
  const offer = elsewhere
    ? { on: SEND_REQUEST, off: 'No enviar solicitud', chosen: REQUEST_WILL_BE_SENT }
    : {
        on: 'Vincular a esta persona',
        off: 'Deshacer vínculo',
        chosen: `Se vinculará a ${result?.name ?? 'esta persona'} con sus datos tal como están.`,
      };

  return (
    <FormSection title="Documento">
      <Box sx={pair}>
        <FormSelect
          form={form}
          name="document_type"
          label="Tipo de documento"
          required
          disabled={locked}
          helper={lockedHelper}
          options={optionsOf(personDocumentTypes, documentTypeLabels)}
        />
        <FormText
          form={form}
          name="document_number"
          label="Número de documento"
          required
          disabled={locked}
          helper={lockedHelper}
          autoComplete="off"
          problem={already ? ALREADY_PLAYER : undefined}
        />
      </Box>
      {already && <Alert severity="error">{result.message}</Alert>}
      {result?.status === 'free' && <Alert severity="success">{result.message}</Alert>}
      {result?.status === 'own' && <Alert severity="info">{result.message}</Alert>}
      {existing && !creating && <Alert severity="warning">{result.message}</Alert>}
      {existing && creating && (
        <Alert
          severity={linked ? 'success' : result.status === 'in_club' ? 'info' : 'warning'}
          action={
            <Button color="inherit" size="small" onClick={() => link(!linked)}>
              {linked ? offer.off : offer.on}
            </Button>
          }
        >
          {linked ? offer.chosen : result.message}
        </Alert>
      )}
    </FormSection>
  );
}
