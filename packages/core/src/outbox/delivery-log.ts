// The delivery log (decision 0112): what platform administrators see of each e-mail and text once a provider sends them.
// The recipient is masked and the body keeps its wording but not what would let a reader act as the recipient: one-time
// codes, links (activation and reset links carry their token) and card numbers.

/** A message's state in the log, from its row: sent, given up, tried and waiting for a retry, or not tried yet. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** 'j***@example.com': the first character of the mailbox and the whole domain. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** '***-***-1234': the last four digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : '***';
}

/** The recipient of a message as the log shows it. */
export function maskRecipient(channel: string, to: string): string {
  return channel === 'email' ? maskEmail(to) : maskPhone(to);
}

const LINK = /\bhttps?:\/\/[^\s<>"')\]]+/gi;
/** 13 to 19 digits, alone or in groups split by spaces or dashes: a card number (PAN). */
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
/** Six or more digits in a row: a one-time code (or a number no reader of the log needs). */
const DIGITS = /\d{6,}/g;
/**
 * The rest of a sentence after the word "code" (English) or "código" (Spanish): there the code is the word after
 * "is"/"es" or a colon, or any word of letters and digits, whatever its length (a verification code can mix both).
 */
const AFTER_CODE = /(\b(?:code|c[oó]digo)\b)([^.!?\n]*)/giu;
const NAMED_CODE = /(\b(?:is|es)\b\s*:?\s*|:\s*)([\p{L}\p{N}-]+)/giu;
const MIXED_WORD = /(?<![\p{L}\p{N}])(?=[\p{L}-]*\p{N})(?=\p{N}*[\p{L}])[\p{L}\p{N}-]{4,}(?![\p{L}\p{N}])/gu;

export const REDACTED = '[redacted]';
export const LINK_REDACTED = '[link]';

/** A subject or body with its codes, links and card numbers replaced, the rest of the wording kept. */
export function redactMessage(text: string): string {
  return text
    .replace(LINK, LINK_REDACTED)
    .replace(CARD, REDACTED)
    .replace(DIGITS, REDACTED)
    .replace(
      AFTER_CODE,
      (_all, word: string, rest: string) =>
        word +
        rest
          .replace(NAMED_CODE, (whole, lead: string, value: string) => (value === 'redacted' ? whole : lead + REDACTED))
          .replace(MIXED_WORD, REDACTED),
    );
}

/** The log's status of a message, from its row (MAX_ATTEMPTS tries without success also count as failed). */
export function deliveryStatus(
  row: { sentAt: unknown; failedAt: unknown; attempts: number },
  maxAttempts: number,
): DeliveryStatus {
  if (row.sentAt) return 'sent';
  if (row.failedAt || row.attempts >= maxAttempts) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'queued';
}
