import { MERCHANT_ID_MAX } from '@ebt/core/constants';
import {
  ApproveBody,
  FARMER_APPLICATION_MESSAGES,
  MoreInfoBody,
  RefuseBody,
  STAFF_NOTE_MAX,
  type StaffDecision,
  type StaffFarmerApplication,
} from '@ebt/core/farmer-applications';
import { Blockquote, Button, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DANGER_COLOR } from '../../../components/confirm-action';
import { Dialog } from '../../../components/Dialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { formCheck } from '../../../lib/form-check';
import { focusFirstError } from '../../../lib/form-focus';
import { displayPhone } from '../../../lib/person';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useApproveApplication, useAskMoreInfo, useRefuseApplication } from '../api';

// The three decisions of the staff review, each in a dialog of its own: the text it needs (a note, a reason, the
// Merchant ID), what the farmer will be told, and the server's refusal inside the dialog (409 when someone decided
// first; a Merchant ID already used shows at its field). The dialog stays open, and cannot be dismissed, while the
// call runs; on success the page closes it and shows the outcome, which takes the focus.

export type Decision = 'more-info' | 'approve' | 'refuse';

const LANGUAGE_NAME = { en: 'English', es: 'Spanish' } as const;

export interface DecisionDialogProps {
  application: StaffFarmerApplication['application'];
  suggestedMerchantIdentifier: string;
  /** The decision whose dialog is open, or null. */
  open: Decision | null;
  onClose: () => void;
  onDone: (decision: Decision, answer: StaffDecision) => void;
}

/** The dialogs of the three decisions; one shows at a time. */
export function DecisionDialogs(props: DecisionDialogProps) {
  return (
    <>
      <MoreInfoDialog {...props} />
      <ApproveDialog {...props} />
      <RefuseDialog {...props} />
    </>
  );
}

/**
 * The server's field errors of a refused decision: those it names by field, and a Merchant ID already used, which is
 * the Merchant ID field's problem whether or not the server names the field.
 */
function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const found = serverFieldErrors(error, fields);
  if (
    fields.includes('merchantIdentifier') &&
    !found.merchantIdentifier &&
    isApiError(error) &&
    errorMessagesOf(error).includes(FARMER_APPLICATION_MESSAGES.MERCHANT_ID_TAKEN)
  )
    found.merchantIdentifier = FARMER_APPLICATION_MESSAGES.MERCHANT_ID_TAKEN;
  return found;
}

/** The server's words for a refused decision that are not already shown at a field. */
function refusalLines(error: unknown, fields: readonly string[]): string[] {
  if (!error) return [];
  const atFields = new Set(Object.values(fieldErrorsOf(error, fields)));
  return errorMessagesOf(error).filter((line) => !atFields.has(line));
}

interface DecisionFormProps<V extends Record<string, string>> {
  opened: boolean;
  onClose: () => void;
  title: string;
  mutation: UseMutationResult<StaffDecision, Error, string>;
  form: UseFormReturnType<V>;
  /** The value sent (the note, the reason, the Merchant ID). */
  valueOf: (values: V) => string;
  /** The form's fields a server's field error may name. */
  fields: readonly string[];
  onDone: (answer: StaffDecision) => void;
  confirmLabel: string;
  danger?: boolean;
  children: ReactNode;
}

function DecisionForm<V extends Record<string, string>>({
  opened,
  onClose,
  title,
  mutation,
  form,
  valueOf,
  fields,
  onDone,
  confirmLabel,
  danger = false,
  children,
}: DecisionFormProps<V>) {
  const close = () => {
    if (mutation.isPending) return;
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await mutation.mutateAsync(valueOf(values).trim());
      onDone(answer);
    } catch (error) {
      const found = fieldErrorsOf(error, fields);
      if (Object.keys(found).length > 0) {
        form.setErrors(found);
        focusFirstError(form.getInputNode)(found);
      }
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={title}
      onClosed={() => {
        form.reset();
        mutation.reset();
      }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <MessageBanner kind="danger" messages={refusalLines(mutation.error, fields)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? DANGER_COLOR : undefined} loading={mutation.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

type NoteValues = { note: string };
const validateNote = formCheck(MoreInfoBody, (values: NoteValues) => ({ note: values.note }));

function MoreInfoDialog({ application, open, onClose, onDone }: DecisionDialogProps) {
  const mutation = useAskMoreInfo(application.applicationUuid);
  const form = useForm<NoteValues>({ mode: 'controlled', initialValues: { note: '' }, validate: validateNote });
  const note = form.values.note.trim();
  return (
    <DecisionForm
      opened={open === 'more-info'}
      onClose={onClose}
      title="Ask for more information"
      mutation={mutation}
      form={form}
      valueOf={(values) => values.note}
      fields={['note']}
      onDone={(answer) => onDone('more-info', answer)}
      confirmLabel="Send the request"
    >
      <Text>
        Say what the farmer must add or change. The application waits for them until they send it back; it can be
        approved once they do.
      </Text>
      <Textarea
        label="Note to the farmer"
        withAsterisk
        autosize
        minRows={3}
        maxLength={STAFF_NOTE_MAX}
        data-autofocus
        {...form.getInputProps('note')}
      />
      <FarmerPreview application={application}>
        <Text fz="sm">
          Program staff reviewed application {application.applicationNumber} from {application.farmName} and need more
          information:
        </Text>
        <Blockquote p="xs" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note || 'Your note shows here.'}
        </Blockquote>
        <Text fz="sm">Open this link, complete your application and send it again: (their own link)</Text>
      </FarmerPreview>
    </DecisionForm>
  );
}

type MerchantIdValues = { merchantIdentifier: string };
const validateMerchantId = formCheck(ApproveBody, (values: MerchantIdValues) => values);

function ApproveDialog({ application, suggestedMerchantIdentifier, open, onClose, onDone }: DecisionDialogProps) {
  const mutation = useApproveApplication(application.applicationUuid);
  const form = useForm<MerchantIdValues>({
    mode: 'controlled',
    initialValues: { merchantIdentifier: suggestedMerchantIdentifier },
    validate: validateMerchantId,
  });
  const contact = `${application.contactFirstName} ${application.contactLastName}`;
  return (
    <DecisionForm
      opened={open === 'approve'}
      onClose={onClose}
      title="Approve the application"
      mutation={mutation}
      form={form}
      valueOf={(values) => values.merchantIdentifier}
      fields={['merchantIdentifier']}
      onDone={(answer) => onDone('approve', answer)}
      confirmLabel="Approve and create the merchant"
    >
      <Text>Approving the application:</Text>
      <List spacing={4} fz="sm">
        <List.Item>creates the merchant {application.farmName} with its addresses, tax ID and bank account;</List.Item>
        <List.Item>
          maps it to {application.programs.map((p) => p.programName).join(', ')} (those you manage);
        </List.Item>
        <List.Item>
          invites {contact} ({application.email}) to sign in as a farmer user and sell for it;
        </List.Item>
        <List.Item>tells the farmer, in {LANGUAGE_NAME[application.language]}.</List.Item>
      </List>
      <TextInput
        label="Merchant ID"
        withAsterisk
        maxLength={MERCHANT_ID_MAX}
        autoComplete="off"
        description="Offered from the application's number; change it to follow your own numbering."
        data-autofocus
        {...form.getInputProps('merchantIdentifier')}
      />
    </DecisionForm>
  );
}

type ReasonValues = { reason: string };
const validateReason = formCheck(RefuseBody, (values: ReasonValues) => values);

function RefuseDialog({ application, open, onClose, onDone }: DecisionDialogProps) {
  const mutation = useRefuseApplication(application.applicationUuid);
  const form = useForm<ReasonValues>({ mode: 'controlled', initialValues: { reason: '' }, validate: validateReason });
  const reason = form.values.reason.trim();
  return (
    <DecisionForm
      opened={open === 'refuse'}
      onClose={onClose}
      title="Refuse the application"
      mutation={mutation}
      form={form}
      valueOf={(values) => values.reason}
      fields={['reason']}
      onDone={(answer) => onDone('refuse', answer)}
      confirmLabel="Refuse the application"
      danger
    >
      <Text>The application is closed for good; the farmer may apply again.</Text>
      <Textarea
        label="Reason"
        withAsterisk
        autosize
        minRows={3}
        maxLength={STAFF_NOTE_MAX}
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <FarmerPreview application={application}>
        <Text fz="sm">
          Program staff refused application {application.applicationNumber} from {application.farmName}.
        </Text>
        <Blockquote p="xs" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Reason: {reason || '(your reason shows here)'}
        </Blockquote>
        <Text fz="sm">
          If you have questions, contact the program (each program&apos;s e-mail and phone follow). You may apply again
          at any time.
        </Text>
      </FarmerPreview>
    </DecisionForm>
  );
}

/**
 * What the farmer will receive (the module's notices): an e-mail and a text message in the language they applied in,
 * the e-mail's words shown here in English.
 */
function FarmerPreview({
  application,
  children,
}: {
  application: StaffFarmerApplication['application'];
  children: ReactNode;
}) {
  return (
    <Stack gap={6} p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text fw={600} fz="sm">
        What the farmer receives
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        An e-mail to {application.email} and a text message to {displayPhone(application.mobilePhone)}, in{' '}
        {LANGUAGE_NAME[application.language]}. The e-mail says:
      </Text>
      {children}
    </Stack>
  );
}
