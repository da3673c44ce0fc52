import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { isPlainSchema, serializerCompiler } from './serializer.js';

const serialize = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)(data);

const Row = z.object({
  id: z.string().uuid(),
  name: z.string().max(20),
  amount: z.number().nullable(),
  tags: z.array(z.enum(['A', 'B'])),
  kind: z.union([z.literal('one'), z.literal('two')]),
  note: z.string().optional(),
  extra: z.record(z.string(), z.unknown()),
});

describe('the answers serializer', () => {
  it('tells plain schemas from those with a transform, codec, default or lazy part anywhere inside', () => {
    expect(isPlainSchema(Row)).toBe(true);
    expect(isPlainSchema(z.object({ page: z.array(Row), total: z.number().int() }))).toBe(true);
    expect(isPlainSchema(z.object({ a: z.string().transform((s) => s.length) }))).toBe(false);
    expect(isPlainSchema(z.object({ a: z.array(z.object({ b: z.string().default('x') })) }))).toBe(false);
    expect(isPlainSchema(z.object({ at: z.iso.datetime().pipe(z.coerce.date()) }))).toBe(false);
    expect(
      isPlainSchema(
        z.object({
          at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
        }),
      ),
    ).toBe(false);
    const Tree: z.ZodType = z.lazy(() => z.object({ children: z.array(Tree) }));
    expect(isPlainSchema(Tree)).toBe(false);
  });

  it('writes what parse and encode both give for a plain schema, without the fields it does not name', () => {
    const data = {
      id: '9b2f4a1e-7c3d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'Ann',
      amount: null,
      tags: ['A'],
      kind: 'two',
      extra: { any: [1, 'x'] },
      passwordHash: 'never in an answer',
    };
    const written = serialize(Row, data);
    expect(JSON.parse(written)).toEqual(z.encode(Row, data as never));
    expect(written).toBe(JSON.stringify(z.parse(Row, data)));
    expect(written).not.toContain('passwordHash');
  });

  it('refuses an answer that does not match its schema, plain or not', () => {
    const refused = (schema: z.ZodType, data: unknown) => {
      try {
        serialize(schema, data);
      } catch (error) {
        return isResponseSerializationError(error);
      }
      return false;
    };
    expect(refused(Row, { id: 'not a uuid' })).toBe(true);
    const At = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    expect(refused(At, { at: 'not a date' })).toBe(true);
  });

  it('still encodes a codec: a Date written as its ISO text', () => {
    const At = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    expect(serialize(At, { at: new Date('2026-11-27T08:00:00Z') })).toBe('{"at":"2026-11-27T08:00:00.000Z"}');
  });
});
