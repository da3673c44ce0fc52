import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillMessage } from '../messages/fill.js';
import { MESSAGES } from '../messages/messages.js';
import { addressFields, contactFields, personNameFields } from './field-groups.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('field groups', () => {
  const Person = z.object({ ...personNameFields(), ...addressFields('stateId'), ...contactFields() });
  const valid = {
    firstname: 'Rosa',
    middlename: 'M',
    lastname: 'Delgado',
    address1: '4 Mill Road',
    address2: null,
    city: 'New Haven',
    stateId: 'ct',
    zipcode: '06103',
    email: 'rosa@example.com',
    mobilePhone: '203-555-0100',
  };

  it('accepts a complete person and reads the state in capitals under the key the area names', () => {
    expect(Person.parse(valid)).toMatchObject({ stateId: 'CT' });
    expect(Object.keys(addressFields('stateCode'))).toEqual(['address1', 'address2', 'city', 'stateCode', 'zipcode']);
  });

  it("gives each field its rule's message", () => {
    expect(
      messagesOf(Person, {
        ...valid,
        firstname: ' ',
        middlename: 'AB',
        stateId: 'XX',
        zipcode: '1234',
        email: 'rosa',
        mobilePhone: '12',
      }),
    ).toEqual([
      `firstname: ${MESSAGES.FIELD_REQUIRED}`,
      `middlename: ${fillMessage(MESSAGES.TOO_LONG, { max: 1 })}`,
      `stateId: ${MESSAGES.STATE_REQUIRED}`,
      `zipcode: ${MESSAGES.INVALID_ZIP}`,
      `email: ${MESSAGES.INVALID_EMAIL}`,
      `mobilePhone: ${MESSAGES.INVALID_PHONE}`,
    ]);
  });
});
