import { z } from 'zod';
import { KEPT_PAY_CARDS_KEY } from '../../lib/device-data';

// What the Pay screen shows of a card without the network (decision 0108): the last four digits, the program and its
// balance as last read, with the time they were read. Kept on the phone like the home's last balances (decision 0051):
// no card number, no person's name, under the prefix that signing out clears.

const KEY = KEPT_PAY_CARDS_KEY;

export const PayCardFacts = z.object({
  panId: z.number().int(),
  last4: z.string().regex(/^\d{4}$/),
  programName: z.string(),
  /** The program's balance when read; null when the balances could not be read. */
  balance: z.number().nullable(),
  /** Whether the card had a PIN when read (a sale needs it); absent in what older versions kept. */
  pinSet: z.boolean().optional(),
});
export type PayCardFacts = z.infer<typeof PayCardFacts>;

const Stored = z.object({ readAt: z.iso.datetime(), userUuid: z.string(), cards: z.array(PayCardFacts) });

export function savePayCards(userUuid: string, cards: PayCardFacts[], readAt = new Date()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ readAt: readAt.toISOString(), userUuid, cards }));
  } catch {
    // Storage full or refused (private mode): the screen then shows the card only while online.
  }
}

/** Every card as last read, with the time, or null: the signed-in person's, or without a session the last person's. */
export function loadPayCards(userUuid?: string): { readAt: string; cards: PayCardFacts[] } | null {
  try {
    const parsed = Stored.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    if (!parsed.success || (userUuid !== undefined && parsed.data.userUuid !== userUuid)) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** The card as last read, with the time, or null. Offline (no user) the stored cards are the last person's. */
export function loadPayCard(panId: number, userUuid?: string): { readAt: string; card: PayCardFacts } | null {
  const kept = loadPayCards(userUuid);
  const card = kept?.cards.find((c) => c.panId === panId);
  return kept && card ? { readAt: kept.readAt, card } : null;
}
