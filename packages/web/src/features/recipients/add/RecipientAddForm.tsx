import { ACCOUNT_TYPE, ACCOUNT_TYPE_LABEL, PROGRAM_STATUS } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { isAgencyScoped, isPlatformAdmin } from '@ebt/core/privileges';
import { RecipientFormValues } from '@ebt/core/recipients';
import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { useSessionUser } from '../../../lib/session-user';
import { recipientQuery, useAddRecipient, useSendActivation } from '../api';
import type { StaffBase } from '../../../lib/staff-base';
import { useAgencies, useCallerPrograms } from '../../../lib/lookups';
import { RecipientFields } from '../components/RecipientFields';
import { EMPTY_RECIPIENT_FIELDS, recipientFieldsBody, type RecipientFieldValues } from '../components/recipient-values';
import { selectProps } from '../../../lib/select-props';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { formCheck } from '../../../lib/form-check';

/** The add form's values: the recipient fields plus the program, agency, account type and activation choices. */
export interface AddRecipientFormValues extends RecipientFieldValues {
  /** The chosen program's uuid; '' until one is chosen. */
  programUuid: string;
  /**
   * Preselects a program by its numeric id when `programUuid` is not given (an applicant knows its program's id).
   * Read once, when the caller's programs have loaded.
   */
  programId?: number;
  /** The chosen agency's uuid; '' for none (a program-level account, not allowed for agency staff, A§6). */
  agencyUuid: string;
  /** '0' Standard or '1' External; only platform admins choose it (A§6), everyone else creates Standard accounts. */
  accountTypeId: string;
  /** After the account is created, send its portal user the activation e-mail (A§7 send-activation). */
  sendActivation: boolean;
}

type FormValues = Omit<AddRecipientFormValues, 'programId'>;

export interface RecipientAddFormProps {
  base: StaffBase;
  initialValues?: Partial<AddRecipientFormValues>;
  /** The applicant the account is made from (B§2 "Process"); sent with the account, which marks it processed. */
  applicantId?: number;
  /** Runs once the account exists (and the activation e-mail, when asked for, has been requested). */
  onAdded?: (created: { recipientIdentifier: string; accountUuid: string; programId: number }) => void;
}

const ACCOUNT_TYPE_OPTIONS = Object.entries(ACCOUNT_TYPE_LABEL).map(([value, label]) => ({ value, label }));
const FORM_FIELDS = [...Object.keys(EMPTY_RECIPIENT_FIELDS), 'programUuid', 'agencyUuid', 'accountTypeId'];

/** The form's rules: core's recipient fields (A§5), a program, and an agency for agency staff (A§6). */
function addFormSchema(agencyRequired: boolean) {
  return RecipientFormValues.extend({
    programUuid: z.string().min(1, MESSAGES.FIELD_REQUIRED),
    agencyUuid: agencyRequired ? z.string().min(1, MESSAGES.AGENCY_REQUIRED) : z.string(),
  });
}

interface Outcome {
  lines: string[];
  created: { recipientIdentifier: string; accountUuid: string; programId: number };
  /** Lines about an activation e-mail that could not be requested (the account itself was added). */
  activationProblem: string[];
}

/**
 * Add Recipient (A§2, A§5, A§6): program (enabled programs only), agency (required for agency staff, who see only
 * their agencies), account type (platform admins only), the recipient fields, and an optional activation e-mail.
 * Success shows 'Recipient added with Account Id {id}.' with a link to the new recipient and empties the person's
 * fields for the next one, keeping the program and agency; 409 shows 'Email already exists.' at the e-mail field.
 * Also used prefilled from an applicant (B§2 applicants "Process").
 */
export function RecipientAddForm({ base, initialValues, applicantId, onAdded }: RecipientAddFormProps) {
  const user = useSessionUser();
  const agencyScoped = isAgencyScoped(user.privileges);
  const platformAdmin = isPlatformAdmin(user.privileges);
  const queryClient = useQueryClient();
  const add = useAddRecipient();
  const sendActivation = useSendActivation(base);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const schema = useMemo(() => addFormSchema(agencyScoped), [agencyScoped]);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      ...EMPTY_RECIPIENT_FIELDS,
      programUuid: '',
      agencyUuid: '',
      accountTypeId: String(ACCOUNT_TYPE.STANDARD),
      sendActivation: false,
      ...withoutProgramId(initialValues),
    },
    validate: formCheck(schema, (values: FormValues) => values),
  });
  const { programUuid, agencyUuid } = form.values;

  // A§6: programs in the caller's scope; recipients can only be added to enabled ones (platform admins see every
  // program, so for them this is the "only enabled programs" rule; the server refuses a disabled one anyway).
  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () =>
      (programs.data ?? [])
        .filter((p) => p.programStatusId === PROGRAM_STATUS.ENABLED)
        .map((p) => ({ value: p.programUuid, label: p.programName, programId: p.programId })),
    [programs.data],
  );
  const agencies = useAgencies(programUuid || null, { viewable: agencyScoped, enabled: !!programUuid });
  const agencyOptions = useMemo(
    () => (agencies.data ?? []).map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data],
  );
  const programFromApplicant =
    applicantId !== undefined && Boolean(initialValues?.programUuid ?? initialValues?.programId);

  // Preselection (resolution 25: as soon as the choices have loaded): the program given by id, or the only one.
  const wantedProgramId = initialValues?.programId;
  useEffect(() => {
    if (programUuid || programOptions.length === 0) return;
    const wanted =
      wantedProgramId !== undefined
        ? programOptions.find((p) => p.programId === wantedProgramId)
        : programOptions.length === 1
          ? programOptions[0]
          : undefined;
    if (wanted) form.setFieldValue('programUuid', wanted.value);
    // form is stable enough for this: only its values matter, and they are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [programOptions, programUuid, wantedProgramId]);

  // The agency belongs to the program: a chosen agency not among the program's is cleared, and agency staff with a
  // single agency get it preselected.
  useEffect(() => {
    if (!agencies.data) return;
    if (agencyUuid && !agencyOptions.some((a) => a.value === agencyUuid)) form.setFieldValue('agencyUuid', '');
    else if (!agencyUuid && agencyScoped && agencyOptions.length === 1)
      form.setFieldValue('agencyUuid', agencyOptions[0]!.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agencies.data, agencyOptions, agencyUuid, agencyScoped]);

  useEffect(() => {
    if (outcome) successRef.current?.focus();
  }, [outcome]);

  const handleSubmit = form.onSubmit(async (values) => {
    setOutcome(null);
    add.reset();
    sendActivation.reset();
    let created: Outcome['created'];
    try {
      created = await add.mutateAsync({
        ...recipientFieldsBody(values),
        programUuid: values.programUuid,
        agencyUuid: values.agencyUuid || null,
        // A§6: only platform admins may set the account type; for everyone else it is left out.
        ...(platformAdmin ? { accountTypeId: Number(values.accountTypeId) as 0 | 1 } : {}),
        ...(applicantId !== undefined ? { applicantId } : {}),
      });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FORM_FIELDS));
      return;
    }

    const lines = [fillMessage(MESSAGES.RECIPIENT_ADDED, { id: created.recipientIdentifier })];
    let activationProblem: string[] = [];
    if (values.sendActivation) {
      try {
        const account = await queryClient.fetchQuery(recipientQuery(created.accountUuid));
        if (!account.userUuid) throw new Error('the new account has no portal user');
        await sendActivation.mutateAsync(account.userUuid);
        lines.push(MESSAGES.ACTIVATION_EMAIL_SENT);
      } catch (error) {
        activationProblem = [MESSAGES.ACTIVATION_EMAIL_FAILED, ...errorMessagesOf(error, '').filter(Boolean)];
      }
    }
    setOutcome({ lines, created, activationProblem });
    // Ready for the next person of the same program and agency.
    form.setValues({ ...EMPTY_RECIPIENT_FIELDS, sendActivation: values.sendActivation });
    form.resetTouched();
    onAdded?.(created);
  }, focusFirstError(form.getInputNode));

  const clearOutcome = () => setOutcome(null);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {outcome && <MessageBanner ref={successRef} kind="success" messages={outcome.lines} onClose={clearOutcome} />}
        {outcome && (
          <Anchor
            component={Link}
            to={`/${base}/recipient/${outcome.created.accountUuid}/${outcome.created.programId}`}
            fw={600}
          >
            Open recipient {outcome.created.recipientIdentifier}
          </Anchor>
        )}
        {outcome && <MessageBanner kind="warning" messages={outcome.activationProblem} />}
        <MessageBanner kind="danger" messages={add.isError ? errorMessagesOf(add.error) : []} />
        <MessageBanner
          kind="danger"
          messages={
            programs.isError ? errorMessagesOf(programs.error) : agencies.isError ? errorMessagesOf(agencies.error) : []
          }
        />

        {programs.isSuccess && programOptions.length === 0 && (
          <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
        )}

        {/* gray.7, not dimmed: dimmed text falls under 4.5:1 on the gray of a dialog still fading in. */}
        <Text fz="sm" c="gray.7">
          Fields marked with an asterisk (*) are required.
        </Text>

        <SimpleGrid cols={{ base: 1, sm: platformAdmin ? 3 : 2 }} spacing="md">
          <Select
            label="Program"
            withAsterisk
            placeholder={programs.isPending ? 'Loading programs…' : 'Choose a program'}
            data={programOptions}
            allowDeselect={false}
            searchable={programOptions.length > 8}
            nothingFoundMessage={MESSAGES.NO_PROGRAMS_FOUND}
            readOnly={programFromApplicant}
            {...selectProps(form.getInputProps('programUuid'))}
            onChange={(value) => {
              form.setFieldValue('programUuid', value ?? '');
              form.setFieldValue('agencyUuid', '');
            }}
          />
          <Select
            label="Agency"
            withAsterisk={agencyScoped}
            placeholder={
              !programUuid ? 'Choose a program first' : agencyScoped ? 'Choose an agency' : 'No agency (program level)'
            }
            data={agencyOptions}
            disabled={!programUuid}
            clearable={!agencyScoped}
            searchable={agencyOptions.length > 8}
            nothingFoundMessage={MESSAGES.NO_AGENCIES_FOUND}
            {...selectProps(form.getInputProps('agencyUuid'))}
            onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
          />
          {platformAdmin && (
            <Select
              label="Account type"
              data={ACCOUNT_TYPE_OPTIONS}
              allowDeselect={false}
              {...selectProps(form.getInputProps('accountTypeId'))}
            />
          )}
        </SimpleGrid>

        <RecipientFields form={form} />

        <Checkbox
          label="Send activation e-mail"
          description="E-mail the recipient a link to set up their portal sign-in."
          {...form.getInputProps('sendActivation', { type: 'checkbox' })}
        />

        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending || sendActivation.isPending}>
            Add Recipient
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function withoutProgramId(values: Partial<AddRecipientFormValues> | undefined): Partial<FormValues> {
  if (!values) return {};
  const { programId: _programId, ...rest } = values;
  // Undefined entries would overwrite the defaults with undefined (an uncontrolled input).
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<FormValues>;
}
