import { z } from 'zod';
import { endpoint, privileges } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import { OutboxAttachmentParams, OutboxMessage, OutboxQuery } from './schemas.js';

// The outbox, for platform administrators: the messages held while no provider is configured. With a real provider
// the messages leave the building and there is no outbox to read: both endpoints answer 404.

const tags = ['platform'];
const NDG_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const messages = endpoint({
  method: 'GET',
  path: '/admin-api/outbox',
  operationId: 'listOutboxMessages',
  tags,
  summary: 'E-mails and SMS held while no provider is configured, newest first',
  access: NDG_ADMIN,
  query: OutboxQuery,
  answer: z.array(OutboxMessage),
  returns: 'The held messages, newest first, with the names and sizes of their files',
  refusals: [403, 404],
});

// Each message lists its files' names and sizes only; their bytes are read one by one here.
export const attachment = endpoint({
  method: 'GET',
  path: '/admin-api/outbox/:id/attachments/:attachmentId',
  operationId: 'downloadOutboxAttachment',
  tags,
  summary: 'A file sent with an outbox e-mail, as it was attached',
  access: NDG_ADMIN,
  params: OutboxAttachmentParams,
  format: 'pdf',
  returns: 'The file as it was attached, with its own content type (today always a statement PDF)',
  refusals: [400, 403, 404],
});
