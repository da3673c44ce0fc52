import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SmsSettings } from '../config.js';

// Text messages through a Twilio-compatible REST API (decision 0112): POST {base}/2010-04-01/Accounts/{sid}/Messages.json,
// form-encoded To, From (or MessagingServiceSid) and Body, basic auth sid:token; the answer's `sid` names the message.
// Node's own fetch: no SDK, nothing loaded at start.

/** Something that sends a text: to a number in E.164, answering the provider's id of the message. */
export interface SmsProvider {
  send(to: string, body: string): Promise<string>;
}

/**
 * A send that failed. `permanent` when trying again cannot help (an invalid or unsubscribed number): the message is
 * given up at once. A refused number's `optedOut` says the provider holds the number's STOP.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly optedOut = false,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Twilio's error code for a number that replied STOP to this sender: it records the opt-out too. */
const UNSUBSCRIBED_RECIPIENT = 21610;
/** How long one request may take before it counts as failed (and is retried). */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The provider of SMS_URL. A 4xx answer is permanent (the number or the message is refused) except 401/403 (the
 * credentials, which an operator can fix), 408 and 429; 5xx and network errors are retried. The reason recorded is the
 * provider's code and message, never our text.
 */
export function twilioProvider(settings: SmsSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else form.set('From', settings.from!);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        throw new SmsSendError(`SMS provider unreachable: ${err instanceof Error ? err.message : String(err)}`, false);
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (response.ok && typeof answer.sid === 'string') return answer.sid;
      const code = typeof answer.code === 'number' || typeof answer.code === 'string' ? ` ${String(answer.code)}` : '';
      const said = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 300)}` : '';
      const reason = `SMS provider answered ${response.status}${code}${said}`;
      if (response.ok) throw new SmsSendError(`${reason} without a message sid`, false);
      const status = response.status;
      const permanent = status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
      throw new SmsSendError(reason, permanent, Number(answer.code) === UNSUBSCRIBED_RECIPIENT);
    },
  };
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL the provider called followed by each
 * POST parameter's name and value, in the names' order.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is the provider's for this call (compared in constant time). */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
