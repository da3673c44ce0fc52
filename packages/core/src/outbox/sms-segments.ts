// How the phone network counts a text message (3GPP TS 23.038 and 23.040). A message whose every character is in the
// GSM 7-bit default alphabet (or its extension table, where a character costs two septets) travels as GSM-7: 160
// septets in one part, 153 per part once split (the rest carries the part header). One character outside it switches
// the whole message to UCS-2: 70 UTF-16 units in one part, 67 per part once split. Spanish has ñ, é, ¿ and ¡ in the
// alphabet but not á, í, ó or ú, so most Spanish texts travel as UCS-2. Carriers bill, and some drop, by the part: our
// texts stay within two.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** The parts the network sends: 1 up to the single-part limit, then one per 153 septets or 67 units. */
  segments: number;
}

/** The most parts a text of ours may take. */
export const SMS_MAX_SEGMENTS = 2;

/** The encoding, size and parts of a text message. An empty text is one (empty) part. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  // UCS-2 counts UTF-16 code units: a character outside the basic plane (an emoji) takes two.
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/**
 * The text cut to fit SMS_MAX_SEGMENTS parts, at a word boundary, with an ellipsis; a text that fits is answered as it
 * is. The ellipsis is '…' where the text already travels as UCS-2, and '...' where it is GSM-7: '…' is not in the GSM
 * alphabet, and one such character would switch the whole text to UCS-2 and halve the room (306 septets to 134 units).
 * A link is what a notice's reader acts on, so the words before the first link are cut and the link and what follows
 * it kept, when they fit; otherwise the end is cut. A first word longer than the room (a long link) is cut inside it.
 */
export function fitSms(text: string): string {
  const size = smsSize(text);
  if (size.segments <= SMS_MAX_SEGMENTS) return text;
  const ellipsis = size.encoding === 'GSM-7' ? '...' : '…';
  const link = /\bhttps?:\/\//i.exec(text);
  if (link && link.index > 0) {
    const tail = ` ${text.slice(link.index)}`;
    const head = text.slice(0, link.index).trimEnd();
    if (smsSize(ellipsis + tail).segments <= SMS_MAX_SEGMENTS) return cutToFit(head, ellipsis, tail);
  }
  return cutToFit(text, ellipsis, '');
}

/** The longest start of `text` (whole words where it can) that fits with `ellipsis` and `tail` after it. */
function cutToFit(text: string, ellipsis: string, tail: string): string {
  const fits = (candidate: string) => smsSize(candidate + ellipsis + tail).segments <= SMS_MAX_SEGMENTS;
  const chars = [...text];
  // The longest prefix of whole characters that fits (the size grows with the prefix).
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join(''))) low = mid;
    else high = mid - 1;
  }
  const prefix = chars.slice(0, low).join('');
  // Back to the last space when the cut falls inside a word (the next character is not a space).
  const inWord = low < chars.length && !/\s/.test(chars[low]!);
  const lastSpace = prefix.search(/\s\S*$/);
  const cut = inWord && lastSpace > 0 ? prefix.slice(0, lastSpace) : prefix;
  return cut.trimEnd() + ellipsis + tail;
}
