import { EMAIL_MAX, PHONE_MAX, SEARCH_NAME_MAX } from '@ebt/core/constants';
import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

type PersonCriterion = 'firstname' | 'lastname' | 'email' | 'mobilePhone';

/**
 * First name, last name, e-mail and mobile phone as search criteria, with the limits of part 1 §5 and part 2 §5
 * (names 100, e-mail 255, phone 20): the recipient search and the applicant search ask the same four.
 */
export function PersonCriteriaFields({
  inputProps,
}: {
  inputProps: (field: PersonCriterion) => GetInputPropsReturnType;
}) {
  return (
    <>
      <TextInput label="First name" maxLength={SEARCH_NAME_MAX} autoComplete="off" {...inputProps('firstname')} />
      <TextInput label="Last name" maxLength={SEARCH_NAME_MAX} autoComplete="off" {...inputProps('lastname')} />
      <TextInput label="E-mail" type="email" maxLength={EMAIL_MAX} autoComplete="off" {...inputProps('email')} />
      <TextInput
        label="Mobile phone"
        type="tel"
        inputMode="tel"
        maxLength={PHONE_MAX}
        autoComplete="off"
        {...inputProps('mobilePhone')}
      />
    </>
  );
}
