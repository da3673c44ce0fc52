import { BENEFIT_MESSAGES, type BenefitDetail } from '@ebt/core/benefits';
import {
  AUTHORIZATION_NUMBER_MAX,
  BENEFIT_AMOUNT_MAX_LENGTH,
  BENEFIT_NOTE_MAX,
  ISSUE_ACCOUNT_ID_MAX,
} from '@ebt/core/constants';
import { availableDateMax } from '@ebt/core/format';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { isAgencyScoped } from '@ebt/core/privileges';
import type { CallerProgram } from '@ebt/core/programs';
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { showNotice } from '../../../components/confirm-action';
import { DateField } from '../../../components/DateField';
import { MessageBanner } from '../../../components/MessageBanner';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { useSessionUser } from '../../../lib/session-user';
import { useBenefitOptionType, useIssueBenefit, useProgramIncentives, useRecipientMatch } from '../api';
import { useAgencies, useFundingSources } from '../../../lib/lookups';
import { programToday } from '../dates';
import {
  applyProgramRules,
  changeType,
  checkIssue,
  expirationDays,
  fixedAmountText,
  INCENTIVE,
  initialIssueValues,
  issueRequest,
  lastIssuanceRefusal,
  REGULAR,
  switchProgram,
  type IssueField,
  type IssueFormValues,
} from '../issue-form';
import { RecipientPickerDialog } from './RecipientPickerDialog';

/** The groups' legends read as small headings (as the online application's). */
const LEGEND_STYLES = {
  legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-xs)' },
};

/** The fields in the order a person meets them, so focus goes to the first problem on screen. */
const FIELD_ORDER: IssueField[] = [
  'programUuid',
  'agencyUuid',
  'fundingId',
  'benefitRecipientAccountIdentifier',
  'benefitTypeId',
  'incentiveUuid',
  'benefitAuthorizationNumber',
  'benefitOptionId',
  'benefitAvailableDate',
  'benefitExpirationDate',
  'benefitAmount',
  'note',
];

export interface IssueBenefitFormProps {
  /** The programs a benefit may be issued in (enabled ones, `issuablePrograms`). */
  programs: CallerProgram[];
  /** `?recipientId=` of `{base}/benefit/add` (A§2): the Account ID to start with. */
  initialRecipientId: string;
  base: string;
}

/**
 * The Issue Benefit form (A§4 "Benefit issue form", A§5 "Benefit forms", A§6): program, agency (agency roles only,
 * required), funding source, the recipient's Account ID with a picker, type, incentive, authorization number, option,
 * dates, amount and note. The program's defaults fix what they fix (amount, expiration); Incentive generates the
 * authorization number; an available date after the last issuance date opens the 'Last Issuance Date' dialog and
 * nothing is sent (the same dialog when the server finds it). After 'Benefit issued.' the form starts again with the
 * same program. Today is the chosen program's (its time zone, resolution 26).
 */
export function IssueBenefitForm({ programs, initialRecipientId, base }: IssueBenefitFormProps) {
  const user = useSessionUser();
  const agencyRequired = isAgencyScoped(user.privileges);
  const onlyProgram = programs.length === 1 ? programs[0] : undefined;
  const programOf = (uuid: string) => programs.find((p) => p.programUuid === uuid);
  const todayOf = (p: CallerProgram | undefined) => programToday(p?.timeZone);

  const form = useForm<IssueFormValues>({
    mode: 'controlled',
    initialValues: initialIssueValues(
      todayOf(onlyProgram),
      { programUuid: onlyProgram?.programUuid ?? '', benefitRecipientAccountIdentifier: initialRecipientId },
      onlyProgram,
    ),
  });
  const values = form.values;
  const program = programOf(values.programUuid);
  const today = todayOf(program);
  const incentive = values.benefitTypeId === INCENTIVE;

  const funding = useFundingSources(values.programUuid || null);
  const agencies = useAgencies(values.programUuid || null, {
    viewable: true,
    enabled: agencyRequired && !!values.programUuid,
  });
  const incentives = useProgramIncentives(values.programUuid || null, incentive);
  const optionType = useBenefitOptionType(program?.benefitOptionTypeId ?? null);
  const issue = useIssueBenefit();

  // The Account ID is looked up once it is complete (left, picked or given in the link), not at every key.
  const [lookupId, setLookupId] = useState(initialRecipientId);
  const match = useRecipientMatch(lookupId, values.programUuid || null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const pickedRef = useRef(false);
  const [issued, setIssued] = useState<BenefitDetail | null>(null);
  const successRef = useOutcomeFocus(issued);

  const noFunding = isApiError(funding.error, 404);
  const fixedAmount = fixedAmountText(program, values.benefitTypeId);
  const fixedDays = expirationDays(program, values.benefitTypeId);

  const setValues = (next: IssueFormValues) => {
    form.setValues(next);
    setIssued(null);
  };

  const chooseProgram = (programUuid: string) => {
    const current = form.getValues();
    const next = programOf(programUuid);
    setValues(switchProgram(current, next, todayOf(programOf(current.programUuid)), todayOf(next)));
    form.clearErrors();
  };

  // A§5: the dialog, and nothing issued. The dialog gives focus back to what had it when it opened: the date.
  const showLastIssuanceDialog = (message: string) => {
    form.setFieldError('benefitAvailableDate', message);
    form.getInputNode('benefitAvailableDate')?.focus();
    showNotice({ title: MESSAGES.LAST_ISSUANCE_DATE_TITLE, message });
  };

  // One choice needs no choosing: a single funding source or agency is taken as it comes.
  const fundingChoices = funding.data ?? [];
  const agencyChoices = agencies.data ?? [];
  useEffect(() => {
    if (fundingChoices.length === 1 && !form.getValues().fundingId)
      form.setFieldValue('fundingId', String(fundingChoices[0]!.fundingId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the loaded list changes
  }, [funding.data]);
  useEffect(() => {
    if (agencyChoices.length === 1 && !form.getValues().agencyUuid)
      form.setFieldValue('agencyUuid', agencyChoices[0]!.agencyUuid);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the loaded list changes
  }, [agencies.data]);

  // A known recipient settles what it can: the program when a link named only the Account ID and one program has
  // it, and the agency an agency user must pick (A§6).
  const matches = match.data ?? [];
  useEffect(() => {
    const current = form.getValues();
    if (matches.length === 0) return;
    const programUuids = [...new Set(matches.map((m) => m.programUuid))];
    if (!current.programUuid && programUuids.length === 1 && programOf(programUuids[0]!)) {
      chooseProgram(programUuids[0]!);
      return;
    }
    const agencyUuid = matches.find((m) => m.programUuid === current.programUuid)?.agencyUuid;
    if (agencyRequired && agencyUuid && !current.agencyUuid && agencyChoices.some((a) => a.agencyUuid === agencyUuid)) {
      form.setFieldValue('agencyUuid', agencyUuid);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the match or the agency list arrives
  }, [match.data, agencies.data]);

  const recipient = values.programUuid ? matches.find((m) => m.programUuid === values.programUuid) : undefined;
  // The line under the Account ID always holds something, so the form does not jump when a look-up starts or ends.
  const recipientNote = (() => {
    const current =
      lookupId !== '' && lookupId === values.benefitRecipientAccountIdentifier.trim() && values.programUuid !== '';
    if (current && match.isFetching) return 'Looking up the recipient…';
    if (current && recipient)
      return `${recipient.firstname} ${recipient.lastname}${recipient.agencyName ? `, ${recipient.agencyName}` : ''}`;
    if (current && match.isSuccess) return BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND;
    return 'Type the Account ID, or find the recipient.';
  })();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIssued(null);
    issue.reset();
    const current = form.getValues();
    const check = checkIssue(current, program, today, agencyRequired);
    form.setErrors(check.errors);
    if (check.lastIssuanceDate) {
      showLastIssuanceDialog(fillMessage(MESSAGES.LAST_ISSUANCE_DATE, { date: check.lastIssuanceDate }));
      return;
    }
    const first = FIELD_ORDER.find((field) => check.errors[field]);
    if (first) {
      form.getInputNode(first)?.focus();
      return;
    }
    if (noFunding) return;
    try {
      const saved = await issue.mutateAsync(issueRequest(current, program, agencyRequired));
      // A§4: the form resets after success; the program (and an agency user's agency) stay for the next one.
      form.setValues(
        initialIssueValues(
          today,
          { programUuid: current.programUuid, agencyUuid: agencyRequired ? current.agencyUuid : '' },
          program,
        ),
      );
      form.clearErrors();
      setLookupId('');
      setIssued(saved);
    } catch (error) {
      // The program's last issuance date changed since the form read it: the same dialog as the form's own check.
      // Other refusals are the banner's (A§8); the values stay for the person to correct.
      const lastIssuance = lastIssuanceRefusal(error);
      if (lastIssuance) {
        issue.reset();
        showLastIssuanceDialog(lastIssuance);
      }
    }
  };

  const programOptions = programs.map((p) => ({ value: p.programUuid, label: p.programName }));
  const fundingOptions = fundingChoices.map((f) => ({ value: String(f.fundingId), label: f.name }));
  const agencyOptions = agencyChoices.map((a) => ({ value: a.agencyUuid, label: a.agencyName }));
  const incentiveOptions = (incentives.data ?? []).map((i) => ({ value: i.incentiveUuid, label: i.name }));
  const optionOptions = (optionType.data?.options ?? []).map((o) => ({ value: String(o.optionId), label: o.descr }));

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg" maw={880}>
        {issued && (
          <Stack gap={4}>
            <MessageBanner ref={successRef} kind="success" messages={MESSAGES.BENEFIT_ISSUED} />
            <Text fz="sm">
              Authorization number {issued.benefitAuthorizationNumber} for {issued.recipientIdentifier}.{' '}
              <Anchor component={Link} to={`${base}/benefit/${issued.benefitUuid}`}>
                Open the benefit
              </Anchor>
            </Text>
          </Stack>
        )}
        <MessageBanner kind="danger" messages={issue.isError ? errorMessagesOf(issue.error) : []} />
        <Text fz="sm" c="dimmed">
          Fields marked with an asterisk (*) are required.
        </Text>

        <Fieldset legend="Program" variant="unstyled" styles={LEGEND_STYLES}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Select
              label="Program"
              withAsterisk
              placeholder="Choose a program"
              data={programOptions}
              allowDeselect={false}
              {...form.getInputProps('programUuid')}
              value={values.programUuid || null}
              onChange={(value) => chooseProgram(value ?? '')}
            />
            {agencyRequired && (
              <Select
                label="Agency"
                withAsterisk
                placeholder={values.programUuid ? 'Choose an agency' : 'Choose a program first'}
                data={agencyOptions}
                disabled={!values.programUuid}
                allowDeselect={false}
                {...form.getInputProps('agencyUuid')}
                value={values.agencyUuid || null}
                onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
              />
            )}
            {noFunding ? (
              <MessageBanner kind="warning" messages={MESSAGES.NO_FUNDING_SOURCES} />
            ) : (
              <Select
                label="Funding source"
                withAsterisk
                placeholder={values.programUuid ? 'Choose a funding source' : 'Choose a program first'}
                data={fundingOptions}
                disabled={!values.programUuid}
                allowDeselect={false}
                {...form.getInputProps('fundingId')}
                value={values.fundingId || null}
                onChange={(value) => form.setFieldValue('fundingId', value ?? '')}
              />
            )}
          </SimpleGrid>
          {funding.isError && !noFunding && (
            <MessageBanner kind="danger" mt="sm" messages={errorMessagesOf(funding.error)} />
          )}
        </Fieldset>

        <Fieldset legend="Recipient" variant="unstyled" styles={LEGEND_STYLES}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Account ID"
              withAsterisk
              maxLength={ISSUE_ACCOUNT_ID_MAX}
              autoComplete="off"
              style={{ flex: 1, minWidth: 0 }}
              description={recipientNote}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('benefitRecipientAccountIdentifier')}
              onBlur={(event) => setLookupId(event.currentTarget.value.trim())}
            />
            <Button
              variant="default"
              mt={25}
              leftSection={<IconUserSearch aria-hidden size={18} />}
              onClick={() => setPickerOpen(true)}
            >
              Find recipient
            </Button>
          </Group>
        </Fieldset>
        <RecipientPickerDialog
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          programUuid={values.programUuid || undefined}
          onPick={(row) => {
            setPickerOpen(false);
            const picked = programs.find((p) => p.programId === row.programId);
            const current = form.getValues();
            const base =
              picked && picked.programUuid !== current.programUuid
                ? switchProgram(current, picked, todayOf(programOf(current.programUuid)), todayOf(picked))
                : current;
            setValues({ ...base, benefitRecipientAccountIdentifier: row.recipientIdentifier });
            form.clearFieldError('benefitRecipientAccountIdentifier');
            setLookupId(row.recipientIdentifier);
            pickedRef.current = true;
          }}
          onClosed={() => {
            // A pick moves on to the filled field; a cancel leaves focus on Find recipient, where the dialog put it.
            if (pickedRef.current) form.getInputNode('benefitRecipientAccountIdentifier')?.focus();
            pickedRef.current = false;
          }}
        />

        <Fieldset legend="Benefit" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="sm">
            <Radio.Group
              label="Benefit type"
              withAsterisk
              {...form.getInputProps('benefitTypeId')}
              onChange={(value) => {
                setValues(changeType(form.getValues(), value, program));
                form.clearFieldError('benefitAuthorizationNumber');
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value={REGULAR} label="Regular" />
                <Radio value={INCENTIVE} label="Incentive" />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {incentive && (
                <Select
                  label="Incentive"
                  withAsterisk
                  placeholder={incentives.isPending ? 'Loading incentives…' : 'Choose an incentive'}
                  data={incentiveOptions}
                  nothingFoundMessage={MESSAGES.NO_INCENTIVES_FOUND}
                  allowDeselect={false}
                  {...form.getInputProps('incentiveUuid')}
                  error={
                    form.errors.incentiveUuid ??
                    (incentives.isError
                      ? errorMessagesOf(incentives.error, undefined, { 404: MESSAGES.NO_INCENTIVES_FOUND })[0]
                      : undefined)
                  }
                  value={values.incentiveUuid || null}
                  onChange={(value) => form.setFieldValue('incentiveUuid', value ?? '')}
                />
              )}
              <TextInput
                label="Authorization Number"
                withAsterisk
                maxLength={AUTHORIZATION_NUMBER_MAX}
                autoComplete="off"
                readOnly={incentive}
                variant={incentive ? 'filled' : 'default'}
                description={
                  incentive
                    ? 'A unique number is generated when the benefit is issued.'
                    : 'Up to 20 characters, no spaces.'
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('benefitAuthorizationNumber')}
              />
              {program?.benefitOptionTypeId !== null && program !== undefined && (
                <Select
                  label={optionType.data?.benefitOptionType.name ?? 'Benefit option'}
                  withAsterisk
                  placeholder="Choose an option"
                  data={optionOptions}
                  allowDeselect={false}
                  {...form.getInputProps('benefitOptionId')}
                  value={values.benefitOptionId || null}
                  onChange={(value) => form.setFieldValue('benefitOptionId', value ?? '')}
                />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
              <DateField
                label="Available date"
                withAsterisk
                min={today}
                max={availableDateMax(today, program?.lastIssuanceDate)}
                description={program?.lastIssuanceDate ? `Last issuance date ${program.lastIssuanceDate}.` : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('benefitAvailableDate')}
                onChange={(value) =>
                  setValues(applyProgramRules({ ...form.getValues(), benefitAvailableDate: value }, program))
                }
              />
              <DateField
                label="Expiration date"
                withAsterisk
                min={values.benefitAvailableDate || today}
                readOnly={fixedDays !== null}
                variant={fixedDays !== null ? 'filled' : 'default'}
                description={fixedDays !== null ? `Available date plus ${fixedDays} days, less one.` : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('benefitExpirationDate')}
              />
              <TextInput
                label="Amount"
                withAsterisk
                inputMode="decimal"
                maxLength={BENEFIT_AMOUNT_MAX_LENGTH}
                leftSection={<span aria-hidden>$</span>}
                readOnly={fixedAmount !== null}
                variant={fixedAmount !== null ? 'filled' : 'default'}
                description={fixedAmount !== null ? "The program's default amount." : 'Up to 9,999.99.'}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('benefitAmount')}
              />
            </SimpleGrid>
            {program?.enableBenefitNote && (
              <Textarea
                label="Note"
                maxLength={BENEFIT_NOTE_MAX}
                autosize
                minRows={2}
                description="Up to 100 characters."
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('note')}
              />
            )}
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={`${base}/benefits`} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={issue.isPending} disabled={noFunding}>
            Issue Benefit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
