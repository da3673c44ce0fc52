import {
  ANSWER_MEDIA_TYPES,
  type AnyEndpoint,
  openApiPath,
  pathParameters,
  REFUSAL_MEANINGS,
  type RefusalStatus,
} from '@ebt/core/contract';
import { ErrorBody } from '@ebt/core/errors';
import { z } from 'zod';

// The OpenAPI document (3.1), written from the endpoint contracts alone: the paths, their parameters, bodies and
// answers, who may call each (security) and what each refusal means. /api/docs serves it; `npm run lint` checks it
// with Redocly's recommended rules (redocly.yaml).

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', names: string[]): Parameter[] {
  if (!schema) {
    return names.map((name) => ({ name, in: where, required: true, schema: { type: 'string' } }));
  }
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function security(endpoint: AnyEndpoint): Record<string, string[]>[] {
  switch (endpoint.access.kind) {
    case 'public':
      return [];
    case 'terminal':
      return [{ terminalBasic: [] }];
    default:
      return [{ bearer: [] }];
  }
}

function accessNote(endpoint: AnyEndpoint): string {
  const access = endpoint.access;
  switch (access.kind) {
    case 'public':
      return 'Open to anyone.';
    case 'terminal':
      return "A merchant's terminal with HTTP Basic credentials (terminal id and secret).";
    case 'authenticated':
      return 'Any signed-in user.';
    case 'privileges':
      return `A signed-in user holding one of: ${access.anyOf.join(', ')}.`;
  }
}

function successAnswer(endpoint: AnyEndpoint) {
  const format = endpoint.format ?? 'json';
  const status = String(endpoint.status ?? (format === 'none' ? 204 : 200));
  if (format === 'none') return { [status]: { description: endpoint.returns } };
  const schema =
    format === 'json'
      ? endpoint.answer
        ? jsonSchema(endpoint.answer, 'output')
        : {}
      : format === 'html' || format === 'ach' || format === 'xml'
        ? { type: 'string' }
        : { type: 'string', format: 'binary' };
  const content = Object.fromEntries(ANSWER_MEDIA_TYPES[format].map((type) => [type, { schema }]));
  return { [status]: { description: endpoint.returns, content } };
}

function operation(endpoint: AnyEndpoint) {
  const names = pathParameters(endpoint.path);
  const parameters = [
    ...parametersOf(endpoint.params, 'path', names),
    ...(endpoint.query ? parametersOf(endpoint.query, 'query', []) : []),
  ];
  const refusals = Object.fromEntries(
    endpoint.refusals.map((status: RefusalStatus) => [
      String(status),
      { $ref: `#/components/responses/Refused${status}` },
    ]),
  );
  const others = Object.fromEntries(
    Object.entries(endpoint.otherAnswers ?? {}).map(([status, other]) => [
      status,
      {
        description: other.description,
        content: { 'application/json': { schema: jsonSchema(other.schema, 'output') } },
      },
    ]),
  );
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: [endpoint.description, `Access: ${accessNote(endpoint)}`].filter(Boolean).join('\n\n'),
    tags: [...endpoint.tags],
    security: security(endpoint),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.formBody ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: jsonSchema(endpoint.body, 'input'),
              },
            },
          },
        }
      : {}),
    ...(endpoint.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [endpoint.upload.field],
                  properties: { [endpoint.upload.field]: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
        }
      : {}),
    responses: { ...successAnswer(endpoint), ...others, ...refusals },
  };
}

/** The OpenAPI document of these endpoints. */
export function openApiDocument(endpoints: readonly AnyEndpoint[], options: { serverUrl?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  const used = new Set(endpoints.flatMap((endpoint) => endpoint.refusals));
  const responses = Object.fromEntries(
    [...used]
      .sort((a, b) => a - b)
      .map((status) => [
        `Refused${status}`,
        {
          description: REFUSAL_MEANINGS[status],
          ...(status === 429
            ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      ]),
  );
  const tags = [...new Set(endpoints.flatMap((endpoint) => endpoint.tags))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'MarketLink EBT portal API',
      version: '1.0.0',
      description:
        'Sign in with POST /api/authenticate and send its token as a Bearer token. Every refusal answers ' +
        '{status, message, errorMessages[]}. Terminals of the transaction engine use HTTP Basic.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: tags.map((name) => ({ name, description: `The ${name} endpoints` })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        terminalBasic: { type: 'http', scheme: 'basic' },
      },
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
      responses,
    },
  };
}
