import { z } from 'zod';
import { endpoint, PUBLIC, privileges } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  OutboxAttachmentParams,
  OutboxCount,
  OutboxCountQuery,
  OutboxMessage,
  OutboxQuery,
  SmsInboundBody,
} from './schemas.js';

// The outbox, for platform administrators: the messages held while no provider is configured, read whole; with a
// provider, the delivery log of what was sent, masked and redacted (decision 0112). A file's bytes are for the
// development outbox only: with a provider the attachment endpoint answers 404. And the provider's webhook, by which
// a phone's STOP and START replies reach us.

const tags = ['platform'];
const NDG_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const messages = endpoint({
  method: 'GET',
  path: '/admin-api/outbox',
  operationId: 'listOutboxMessages',
  tags,
  summary:
    'E-mails and SMS, newest first: held whole while no provider is configured, masked and redacted once one sends them',
  access: NDG_ADMIN,
  query: OutboxQuery,
  answer: z.array(OutboxMessage),
  returns: 'A page of messages, newest first, with their delivery state and the names and sizes of their files',
  refusals: [400, 401, 403],
});

// The list answers a bare array (runtime contract), so the screen's "of N" and page count come from here.
export const messageCount = endpoint({
  method: 'GET',
  path: '/admin-api/outbox/count',
  operationId: 'countOutboxMessages',
  tags,
  summary: 'How many e-mails and SMS the outbox filters match, counted up to 10,000',
  access: NDG_ADMIN,
  query: OutboxCountQuery,
  answer: OutboxCount,
  returns: 'The number of matching messages, and whether the count stopped at its cap',
  refusals: [400, 401, 403],
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

// Public: the provider calls it, signed with X-Twilio-Signature (checked against SMS_URL's token: 403 otherwise).
export const smsInbound = endpoint({
  method: 'POST',
  path: '/api/sms/inbound',
  operationId: 'receiveSmsReply',
  tags,
  summary: "A phone's reply to our texts, from the provider: STOP and its synonyms opt the number out, START back in",
  description:
    'Form-encoded as Twilio posts it (From, Body and the rest), signed in X-Twilio-Signature: base64 HMAC-SHA1 of the ' +
    'full URL followed by each parameter name and value in name order, keyed with the auth token. STOP, STOPALL, ' +
    'UNSUBSCRIBE, CANCEL, END, QUIT, PARAR, ALTO and CANCELAR opt the number out; START, UNSTOP, YES, COMENZAR and ' +
    'INICIO opt it back in; any other reply is ignored. 404 when no SMS provider is configured.',
  access: PUBLIC,
  body: SmsInboundBody,
  formBody: true,
  bodyLimit: 16 * 1024,
  format: 'xml',
  returns: 'An empty TwiML <Response/>: no automatic answer (the provider sends its own confirmation)',
  refusals: [400, 403, 404, 429],
});
