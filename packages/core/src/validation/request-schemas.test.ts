import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as core from '../index.js';
import { MONEY_COLUMN_MAX_CENTS } from '../constants/limits.js';
import { isStorableText } from './text.js';

// Every request schema of core (a name ending in Body, Query or Params), field by field: text the database cannot
// hold and numbers beyond its columns never come out of a parse. A new area whose schema forgets text() or the
// number builders fails here before any route is written.

const REQUEST_SCHEMA = /(Body|Query|Params)$/;
/** Answers whose names end like a request's. */
const ANSWERS = new Set(['ErrorBody']);

/** The fields of an object schema, looking through transforms (a pipe's input side). */
function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: z.ZodType = schema;
  while (!(current instanceof z.ZodObject)) {
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return null;
  }
  return current.shape as Record<string, z.ZodType>;
}

const requestSchemas: [string, z.ZodType][] = (Object.entries(core) as [string, unknown][]).flatMap(([name, value]) =>
  REQUEST_SCHEMA.test(name) && !ANSWERS.has(name) && value instanceof z.ZodType
    ? [[name, value] as [string, z.ZodType]]
    : [],
);

const UNSTORABLE_TEXT = ['a\u0000b', '\u0000', '\ud800x', 'x\udc00'];
const HUGE_NUMBERS = [1e15, Number('9007199254740993'), 1e300, -1e15, '99999999999999999999999', '1e400'];
const MONEY_MAX = MONEY_COLUMN_MAX_CENTS / 100;

/** A parsed value a column can hold: storable text, a finite number within numeric(12,2), or anything else. */
function isHoldable(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MONEY_MAX;
  return true;
}

describe('request schemas of core', () => {
  it('are found, among them those of every area', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'AuthenticateBody',
        'UpdateCurrentUserBody',
        'ApplicantBody',
        'RecipientSearchQuery',
        'AddRecipientBody',
        'UpdateRecipientBody',
        'IssueBenefitBody',
        'UpdateBenefitBody',
        'BenefitSearchQuery',
        'ApplicantSearchQuery',
        'LinkHashParams',
      ]),
    );
    for (const [name, schema] of requestSchemas) expect(fieldsOf(schema), name).not.toBeNull();
  });

  it.each(requestSchemas)('%s refuses a NUL or a lone surrogate in every field', (_name, schema) => {
    for (const [field, fieldSchema] of Object.entries(fieldsOf(schema)!)) {
      for (const value of UNSTORABLE_TEXT) {
        const result = fieldSchema.safeParse(value);
        expect({ field, value, accepted: result.success }).toEqual({ field, value, accepted: false });
      }
    }
  });

  it.each(requestSchemas)('%s refuses or bounds a huge number in every field', (_name, schema) => {
    for (const [field, fieldSchema] of Object.entries(fieldsOf(schema)!)) {
      for (const value of HUGE_NUMBERS) {
        const result = fieldSchema.safeParse(value);
        const holdable = !result.success || isHoldable(result.data);
        expect({ field, value, holdable }).toEqual({ field, value, holdable: true });
      }
    }
  });
});
