import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formCheck } from './form-check';

// A body as a contract declares one: a select (an id), an amount with its own required message, a nested address,
// a type box, and a cross-field rule the schema applies once the fields it reads parse.
const Body = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(5, 'Too long.'),
    programId: z.number().int(),
    kind: z.enum(['a', 'b']),
    amount: z.number({ error: 'Amount is required.' }),
    address: z.object({ city: z.string().trim().min(1, 'City is required.') }),
    typeId: z.number({ error: 'Pick a type.' }),
    channel: z.literal('WEB'),
  })
  .refine((body) => body.name !== 'ab', { path: [], message: 'Not that one.' });

interface Values {
  name: string;
  programId: string;
  kind: string;
  amount: string;
  address: { city: string };
  boxes: string[];
}

const filled: Values = { name: 'Ana', programId: '3', kind: 'a', amount: '5', address: { city: 'X' }, boxes: ['1'] };
const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());
const toBody = (values: Values) => ({
  name: values.name,
  programId: values.programId === '' ? undefined : Number(values.programId),
  kind: blank(values.kind),
  amount: values.amount === '' ? undefined : Number(values.amount),
  address: values.address,
  typeId: values.boxes.length === 0 ? undefined : Number(values.boxes[0]),
  channel: 'WEB',
});

describe('formCheck', () => {
  const check = formCheck(Body, toBody, { fields: { typeId: 'boxes' } });

  it('answers nothing for values the schema takes', () => {
    expect(check(filled)).toEqual({});
  });

  it("names a missing select 'This field is required.' and keeps the schema's own words where it has them", () => {
    expect(check({ ...filled, programId: '', kind: ' ', amount: '', boxes: [] })).toEqual({
      programId: MESSAGES.FIELD_REQUIRED,
      kind: MESSAGES.FIELD_REQUIRED,
      amount: 'Amount is required.',
      boxes: 'Pick a type.',
    });
  });

  it("puts each problem at the form's path, nested ones included, with the first message of each field", () => {
    expect(check({ ...filled, name: '', address: { city: ' ' } })).toEqual({
      name: 'Name is required.',
      'address.city': 'City is required.',
    });
    expect(check({ ...filled, programId: 'x' }).programId).toMatch(/^Invalid input/);
  });

  it('leaves a problem of a body field the form does not hold to the server, and keeps one of the whole body', () => {
    const wrongChannel = formCheck(Body, (values: Values) => ({ ...toBody(values), channel: 'FAX' }));
    expect(wrongChannel(filled)).toEqual({});
    expect(check({ ...filled, name: 'ab' })).toEqual({ '': 'Not that one.' });
  });

  it("adds the rules' problems after the schema's, a field keeping its first message", () => {
    const withRules = formCheck(Body, toBody, {
      rules: (values, found) => [
        { field: 'name', message: 'Name is taken.' },
        { field: 'amount', message: 'More than the balance.' },
        ...(found.programId ? [] : [{ field: 'kind', message: `Not for program ${values.programId}.` }]),
        { field: 'nowhere', message: 'Not a field of the form.' },
      ],
    });
    expect(withRules({ ...filled, name: '' })).toEqual({
      name: 'Name is required.',
      amount: 'More than the balance.',
      kind: 'Not for program 3.',
    });
    expect(withRules({ ...filled, programId: '' })).toEqual({
      name: 'Name is taken.',
      programId: MESSAGES.FIELD_REQUIRED,
      amount: 'More than the balance.',
    });
  });
});
