import { AUTHORIZATION_NUMBER_MAX, MIN_DATES, SEARCH_ACCOUNT_ID_MAX, SEARCH_NAME_MAX } from '@ebt/core/constants';
import { searchDateMax } from '@ebt/core/format';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DateField } from '../../../components/DateField';
import { SearchForm } from '../../../components/SearchForm';
import { focusFirstError } from '../../../lib/form-focus';
import { useAgencies, useCallerPrograms } from '../../../lib/lookups';
import { criteriaErrors, EMPTY_CRITERIA, type BenefitCriteria } from '../criteria';

/**
 * The benefit search criteria (A§5 "Search", A§7): program, agency, Account ID, authorization number, names and the
 * available-date range. No criterion is required: an empty search lists the newest benefits the caller may see.
 * The form follows `criteria` (the URL) when it changes from outside: Back, a link, the recipient route.
 */
export function BenefitSearchForm({
  criteria,
  today,
  loading,
  onSearch,
}: {
  criteria: BenefitCriteria;
  today: string;
  loading: boolean;
  onSearch: (criteria: BenefitCriteria) => void;
}) {
  const form = useForm<BenefitCriteria>({
    mode: 'controlled',
    initialValues: criteria,
    validate: (values) => criteriaErrors(values, today),
  });
  const programs = useCallerPrograms();
  const agencies = useAgencies(form.values.programUuid || null, { viewable: true });

  const criteriaKey = JSON.stringify(criteria);
  useEffect(() => {
    form.setValues(JSON.parse(criteriaKey) as BenefitCriteria);
    form.clearErrors();
    // `form` is a new object on every render; the URL's criteria are what the effect follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [criteriaKey]);

  const submit = form.onSubmit((values) => onSearch(values), focusFirstError(form.getInputNode));
  const programOptions = (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName }));
  const agencyOptions = (agencies.data ?? []).map((a) => ({
    value: a.agencyUuid,
    label: form.values.programUuid ? a.agencyName : `${a.agencyName} (${a.programName})`,
  }));
  const latest = searchDateMax(today);

  return (
    <SearchForm
      canSearch
      loading={loading}
      label="Benefit search"
      onSubmit={() => submit()}
      onClear={() => {
        form.setValues(EMPTY_CRITERIA);
        form.clearErrors();
        onSearch(EMPTY_CRITERIA);
      }}
    >
      <Select
        label="Program"
        placeholder="All programs"
        data={programOptions}
        clearable
        {...form.getInputProps('programUuid')}
        value={form.values.programUuid || null}
        onChange={(value) => {
          form.setFieldValue('programUuid', value ?? '');
          form.setFieldValue('agencyUuid', '');
        }}
      />
      <Select
        label="Agency"
        placeholder="All agencies"
        data={agencyOptions}
        clearable
        searchable
        nothingFoundMessage="No agencies"
        {...form.getInputProps('agencyUuid')}
        value={form.values.agencyUuid || null}
        onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
      />
      <TextInput label="Account ID" maxLength={SEARCH_ACCOUNT_ID_MAX} {...form.getInputProps('accountId')} />
      <TextInput label="Authorization Number" maxLength={AUTHORIZATION_NUMBER_MAX} {...form.getInputProps('authNo')} />
      <TextInput
        label="First name"
        maxLength={SEARCH_NAME_MAX}
        autoComplete="off"
        {...form.getInputProps('firstname')}
      />
      <TextInput label="Last name" maxLength={SEARCH_NAME_MAX} autoComplete="off" {...form.getInputProps('lastname')} />
      <DateField
        label="Available from"
        min={MIN_DATES.programSearchStart}
        max={latest}
        {...form.getInputProps('startDate')}
      />
      <DateField
        label="Available to"
        min={MIN_DATES.programSearchEnd}
        max={latest}
        {...form.getInputProps('endDate')}
      />
    </SearchForm>
  );
}
