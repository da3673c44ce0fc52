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
