import { endpoint, PUBLIC } from '../contract/index.js';
import { Health } from './schemas.js';

// The health check, for load balancers and monitors: open to anyone, it answers whether the database is reachable.

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
