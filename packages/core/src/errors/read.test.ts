import { describe, expect, it } from 'vitest';
import { readServerErrors } from './read.js';
import { ErrorBody } from './schemas.js';

const entry = (appErrorMessage: string) => ({ appErrorCode: 'X', appErrorMessage });

describe('readServerErrors', () => {
  it('prefers expandedErrors over errorMessages and message', () => {
    expect(
      readServerErrors({
        status: 400,
        message: 'single',
        errorMessages: [entry('from errorMessages')],
        expandedErrors: [entry('first'), entry('second')],
      }),
    ).toEqual(['first', 'second']);
  });

  it('reads errorMessages when expandedErrors is missing or empty', () => {
    expect(readServerErrors({ message: 'single', errorMessages: [entry('a'), entry('b')] })).toEqual(['a', 'b']);
    expect(readServerErrors({ message: 'single', expandedErrors: [], errorMessages: [entry('a')] })).toEqual(['a']);
  });

  it('falls back to the single message', () => {
    expect(readServerErrors({ status: 409, message: 'Role Id already exists.', errorMessages: [] })).toEqual([
      'Role Id already exists.',
    ]);
  });

  it('reads errors[].defaultMessage of move errors before errorMessages', () => {
    expect(readServerErrors({ errors: [{ defaultMessage: 'move failed' }], errorMessages: [entry('other')] })).toEqual([
      'move failed',
    ]);
  });

  it('skips entries without a usable text', () => {
    expect(
      readServerErrors({ expandedErrors: [{ appErrorCode: 'X' }, null, entry(' ')], errorMessages: [entry('ok')] }),
    ).toEqual(['ok']);
  });

  it('answers nothing for bodies without text', () => {
    expect(readServerErrors(undefined)).toEqual([]);
    expect(readServerErrors(null)).toEqual([]);
    expect(readServerErrors('Bad Request')).toEqual([]);
    expect(readServerErrors([entry('a')])).toEqual([]);
    expect(readServerErrors({ message: '', errorMessages: 'nope' })).toEqual([]);
  });
});

describe('ErrorBody', () => {
  it('accepts the form error shape and an optional field name', () => {
    const body = {
      status: 409,
      message: 'Email already exists.',
      errorMessages: [{ appErrorCode: 'GEN-409', appErrorMessage: 'Email already exists.', field: 'email' }],
    };
    expect(ErrorBody.parse(body)).toEqual(body);
    expect(ErrorBody.safeParse({ status: 400, message: 'x' }).success).toBe(false);
  });
});
