import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Checkbox, Grid, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { useCallerPrograms } from '../../../lib/lookups';
import { selectProps } from '../../../lib/select-props';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSessionUser } from '../../../lib/session-user';
import { useAddMerchant } from '../api';
import type { StaffBase } from '../../../lib/staff-base';
import { EMPTY_MERCHANT_ADD, merchantAddBody, validateMerchantAdd, type MerchantAddValues } from '../merchant-form';
import { BankFields } from './BankFields';
import { MerchantFields } from './MerchantFields';

/** The fields a refusal may name: the form's, the program, and the bank section's under bankAccountInfo. */
const FIELDS = [
  ...Object.keys(EMPTY_MERCHANT_ADD),
  ...Object.keys(EMPTY_MERCHANT_ADD.bankAccountInfo).map((name) => `bankAccountInfo.${name}`),
];

/**
 * Add a merchant (B§2, B§5, B§7): the program it joins (the caller's programs), the detail's fields, and with
 * BANK_VIEW an optional bank section. merchantApi.add; on 'Merchant added.' the new merchant's detail
 * opens with the message, where the person goes on (program mapping, status); a taken Merchant ID shows
 * 'Merchant ID already exists.' at its field.
 */
export function MerchantAddForm({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const bankView = hasAnyPrivilege(user.privileges, PRIVILEGE.BANK_VIEW);
  const navigate = useNavigate();
  const add = useAddMerchant();
  const validate = useMemo(() => validateMerchantAdd(bankView), [bankView]);
  const form = useForm<MerchantAddValues>({ mode: 'controlled', initialValues: EMPTY_MERCHANT_ADD, validate });

  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );
  // Resolution 25: the only program is chosen as soon as the choices load.
  useEffect(() => {
    if (!form.values.programId && programOptions.length === 1)
      form.setFieldValue('programId', programOptions[0]!.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [programOptions]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const added = await add.mutateAsync(merchantAddBody(values, bankView));
      void navigate(`/${base}/merchant/${added.merchantUuid}`, {
        state: { added: added.message || MERCHANT_MESSAGES.MERCHANT_ADDED },
      });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="New merchant">
      <Stack gap="lg">
        <FormOutcome success={null} error={add.isError ? add.error : null} />
        <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
        {programs.isSuccess && programOptions.length === 0 && (
          <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
        )}
        <Text fz="sm" c="gray.7">
          Fields marked with an asterisk (*) are required.
        </Text>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Program"
              withAsterisk
              data={programOptions}
              allowDeselect={false}
              placeholder={programs.isPending ? 'Loading programs…' : 'Choose a program'}
              {...selectProps(form.getInputProps('programId'))}
            />
          </Grid.Col>
        </Grid>
        <MerchantFields form={form} bankView={bankView} />
        {bankView && (
          <Stack gap="md">
            <Checkbox
              label="Add bank information"
              description="Optional: the bank account payments go to."
              {...form.getInputProps('withBank', { type: 'checkbox' })}
            />
            {form.values.withBank && (
              <BankFields inputProps={(name) => form.getInputProps(`bankAccountInfo.${name}`)} />
            )}
          </Stack>
        )}
        <SubmitButton loading={add.isPending}>Add Merchant</SubmitButton>
      </Stack>
    </form>
  );
}
