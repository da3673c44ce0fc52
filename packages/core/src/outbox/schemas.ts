import { z } from 'zod';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from './delivery-log.js';

// The outbox: every e-mail and text message the portal queues. While no provider is configured (development, demos,
// tests) they stay in the database and are read here whole (runtime contract "Outgoing messages"); once a provider
// sends them this is the delivery log, with recipients masked and codes, links and card numbers redacted.

/**
 * GET /admin-api/outbox: newest first, `limit` a page (default 100, at most 500), zero-based `page`, and optionally one
 * channel and one status.
 */
export const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/** A file sent with a message: its name, type and size; its bytes at …/attachments/{attachmentId}. */
export const OutboxAttachment = z.object({
  attachmentId: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type OutboxAttachment = z.infer<typeof OutboxAttachment>;

export const OutboxMessage = z.object({
  id: z.number(),
  channel: z.string(),
  /** The address or phone number; masked ('j***@example.com', '***-***-1234') once a provider sends messages. */
  to: z.string(),
  subject: z.string(),
  /** The text; with a provider, its one-time codes, links and card numbers are replaced by [redacted] and [link]. */
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  attachments: z.array(OutboxAttachment),
  /** What the message is about, in kebab case ('sign-in-code'); 'other' when its sender named nothing. */
  kind: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  failedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the last attempt failed (the provider's reason, never the message). */
  lastError: z.string().nullable(),
  /** A text's parts as the network counts them, once sent. */
  segments: z.number().int().nullable(),
  /** True when recipient, subject and body are masked (a provider is configured): the delivery log. */
  redacted: z.boolean(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** GET /admin-api/outbox/count: the channel and status filters of the list. */
export const OutboxCountQuery = OutboxQuery.pick({ channel: true, status: true });
export type OutboxCountQuery = z.infer<typeof OutboxCountQuery>;

/** How many messages the filters match, counted up to OUTBOX_COUNT_CAP (`countCapped` past it). */
export const OutboxCount = z.object({
  totalCount: z.number().int(),
  countCapped: z.boolean(),
  /** True when a provider is configured, so the list masks and redacts (as each message's `redacted` says). */
  redacted: z.boolean(),
});
export type OutboxCount = z.infer<typeof OutboxCount>;

/** The most messages a count reads: the log grows for ever, and a page's "of N" needs no exact N past this. */
export const OUTBOX_COUNT_CAP = 10_000;

export const OutboxAttachmentParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  attachmentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type OutboxAttachmentParams = z.infer<typeof OutboxAttachmentParams>;

/**
 * POST /api/sms/inbound: what a Twilio-compatible provider posts, form-encoded, when a phone answers one of our texts.
 * Every other field it sends is kept, since the signature covers them all.
 */
export const SmsInboundBody = z
  .object({
    From: z.string().max(32),
    Body: z.string().max(1600).default(''),
  })
  .catchall(z.string().max(2000));
export type SmsInboundBody = z.infer<typeof SmsInboundBody>;
