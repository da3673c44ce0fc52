import { endpoint, PUBLIC } from '../contract/index.js';
import { Health, Readiness } from './schemas.js';

// The health and readiness checks, for load balancers and monitors: open to anyone. Health answers whether the server
// is up and reaches its database; readiness whether the instance should be sent requests (docs/operations.md "Start").

export const health = endpoint({
  method: 'GET',
  path: '/healthz',
  operationId: 'checkHealth',
  tags: ['platform'],
  summary: 'Answers 200 when the server can reach its database',
  access: PUBLIC,
  answer: Health,
  returns: 'The server is up and reaches its database (status ok)',
  refusals: [],
  otherAnswers: {
    503: { description: 'The server cannot reach its database (status unavailable)', schema: Health },
  },
});

export const ready = endpoint({
  method: 'GET',
  path: '/readyz',
  operationId: 'checkReadiness',
  tags: ['platform'],
  summary: 'Answers 200 when this instance should be sent requests',
  access: PUBLIC,
  answer: Readiness,
  returns: 'The instance has prepared its database, is not stopping and its database answers (status ready)',
  refusals: [],
  otherAnswers: {
    503: {
      description:
        'Not now: still preparing its database (starting), stopping (draining), or its database does not answer (unavailable)',
      schema: Readiness,
    },
  },
});
