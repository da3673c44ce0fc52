import { z } from 'zod';

// The outbox: e-mails and SMS held in the database while no provider is configured (development, demos, tests).

/** GET /admin-api/outbox: the newest `limit` messages (default 100, at most 500). */
export const OutboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
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
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  attachments: z.array(OutboxAttachment),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxAttachmentParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  attachmentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type OutboxAttachmentParams = z.infer<typeof OutboxAttachmentParams>;
