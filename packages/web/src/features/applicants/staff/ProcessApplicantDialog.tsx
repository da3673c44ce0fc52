import { APPLICANT_MESSAGES, type ApplicantSearchRow } from '@ebt/core/applicants';
import { fillMessage } from '@ebt/core/messages';
import { Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { RecipientAddForm, type AddRecipientFormValues, type RecipientAddFormProps } from '../../recipients';
import { displayPhone, personName } from '../../../lib/person';

export interface ProcessApplicantDialogProps {
  /** The applicant being processed; kept while the dialog closes so its content does not vanish mid-transition. */
  applicant: ApplicantSearchRow | null;
  opened: boolean;
  onClose: () => void;
  onProcessed: NonNullable<RecipientAddFormProps['onAdded']>;
}

/** The add form's values from an application (B§3 Applicant): the same person, address and program. */
export function recipientValuesOf(applicant: ApplicantSearchRow): Partial<AddRecipientFormValues> {
  return {
    firstname: applicant.firstname,
    middlename: applicant.middlename ?? '',
    lastname: applicant.lastname,
    address1: applicant.address1,
    address2: applicant.address2 ?? '',
    city: applicant.city,
    stateCode: applicant.stateId,
    zipcode: applicant.zipcode,
    email: applicant.email,
    mobilePhone: displayPhone(applicant.mobilePhone),
    // The form preselects the program by id and keeps it read-only for an applicant (the server checks it too).
    programId: applicant.programId,
  };
}

/**
 * B§2 "Process": the recipient add form (A§2 "Add Recipient, which can be prefilled from an applicant") in an
 * overlay, filled in from the application and sent with its applicantId, so the new account and the applicant are
 * linked in one transaction. Full screen on a phone.
 */
export function ProcessApplicantDialog({ applicant, opened, onClose, onProcessed }: ProcessApplicantDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Process Applicant">
      {applicant && (
        <Stack gap="md">
          <Text>
            {fillMessage(APPLICANT_MESSAGES.PROCESS_INTRO, {
              name: personName(applicant),
              program: applicant.programName,
            })}
          </Text>
          <RecipientAddForm
            // A new applicant gets a new form: the form reads its initial values once.
            key={applicant.applicantId}
            base="program"
            applicantId={applicant.applicantId}
            initialValues={recipientValuesOf(applicant)}
            onAdded={onProcessed}
          />
        </Stack>
      )}
    </Dialog>
  );
}
