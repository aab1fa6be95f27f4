import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import {
  documentStepSchema,
  documentTypeLabels,
  personDocumentTypes,
  type DocumentStepInput,
} from '../../../contract/profile.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';
import { SelectField } from './onboarding-select-field';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const FIELDS = ['document_type', 'document_number'] as const;

const typeOptions = personDocumentTypes.map((value) => ({
  value,
  label: documentTypeLabels[value],
}));

/** 'Documento de identidad': its type and number (checked per type by the contract). */
export function DocumentStep() {
  const { saved, userData, save } = useStepStart('document');
  const failure = OnboardingWizard.useSelector(selectFailure);
  const form = useForm<DocumentStepInput>({
    resolver: zodResolver(documentStepSchema),
    defaultValues: (saved as DocumentStepInput | undefined) ?? {
      document_type: (userData?.document_type ?? '') as DocumentStepInput['document_type'],
      document_number: userData?.document_number ?? '',
    },
  });
  useServerFieldErrors(form, failure, FIELDS);

  return (
    <StepForm onSubmit={form.handleSubmit(save)}>
      <SelectField
        control={form.control}
        name="document_type"
        label="Tipo de documento"
        required
        options={typeOptions}
      />
      <TextField
        label="Número de documento"
        required
        autoComplete="off"
        {...textFieldProps(form, 'document_number')}
      />
    </StepForm>
  );
}
