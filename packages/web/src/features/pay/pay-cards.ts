import { z } from 'zod';
import { USER_DATA_PREFIX } from '../../lib/device-data';

// What the Pay screen shows of a card without the network (decision 0108): the last four digits, the program and its
// balance as last read, with the time they were read. Kept on the phone like the home's last balances (decision 0051):
// no card number, no person's name, under the prefix that signing out clears.

const KEY = `${USER_DATA_PREFIX}payCards`;

export const PayCardFacts = z.object({
  panId: z.number().int(),
  last4: z.string().regex(/^\d{4}$/),
  programName: z.string(),
  /** The program's balance when read; null when the balances could not be read. */
  balance: z.number().nullable(),
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

/** The card as last read, with the time, or null. Offline (no user) the stored cards are the signed-in person's. */
export function loadPayCard(panId: number, userUuid?: string): { readAt: string; card: PayCardFacts } | null {
  try {
    const parsed = Stored.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    if (!parsed.success || (userUuid !== undefined && parsed.data.userUuid !== userUuid)) return null;
    const card = parsed.data.cards.find((c) => c.panId === panId);
    return card ? { readAt: parsed.data.readAt, card } : null;
  } catch {
    return null;
  }
}
