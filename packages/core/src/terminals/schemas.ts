import { z } from 'zod';
import { requiredText } from '../validation/fields.js';

// Point-of-sale terminal credentials (decision 0042). A terminal is a device or app a merchant
// takes benefits with: it calls the transaction engine with HTTP Basic, its terminalId and its secret.

/** How long a terminal's name may be ('Stall 3 tablet', 'Saturday market card reader'). */
export const TERMINAL_NAME_MAX = 60;
/** The most active terminals a merchant holds at once: a market stall needs a few, never hundreds. */
export const MAX_ACTIVE_TERMINALS = 50;
/** A terminal id: 12 characters of Crockford's base32 (no I, L, O, U), easy to read out and type into a device. */
export const TERMINAL_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** POST /merchant-api/merchant/{id}/terminals */
export const IssueTerminalBody = z.object({ name: requiredText(TERMINAL_NAME_MAX) });
export type IssueTerminalBody = z.infer<typeof IssueTerminalBody>;

/** DELETE /merchant-api/merchant/{id}/terminals/{terminalId} */
export const TerminalParams = z.object({
  id: z.uuid(),
  terminalId: z.string().trim().toUpperCase().regex(TERMINAL_ID_PATTERN, 'Invalid terminal id.'),
});
export type TerminalParams = z.infer<typeof TerminalParams>;

/**
 * What a terminal is: 'terminal', issued by staff for a device or app of the merchant's; 'phone', a farmer user's
 * phone registered from the sell screen (decision 0110). Both call the engine the same way.
 */
export const TERMINAL_KINDS = ['terminal', 'phone'] as const;
export type TerminalKind = (typeof TERMINAL_KINDS)[number];

/** One terminal as the merchant detail lists it; the secret is never in it. */
export const Terminal = z.object({
  terminalId: z.string(),
  kind: z.enum(TERMINAL_KINDS),
  name: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  issuedBy: z.string().nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedBy: z.string().nullable(),
});
export type Terminal = z.infer<typeof Terminal>;

/** The answer of an issue: the secret, this once (it is stored only as a hash). */
export const IssuedTerminal = z.object({
  message: z.string(),
  terminal: Terminal,
  secret: z.string(),
});
export type IssuedTerminal = z.infer<typeof IssuedTerminal>;
