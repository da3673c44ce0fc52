/**
 * The texts of point-of-sale terminal credentials (decision 0042). The specification has no
 * terminals, so every text here is ours.
 */
export const TERMINAL_MESSAGES = {
  TERMINAL_ISSUED: 'Terminal issued. Copy its secret now: it will not be shown again.',
  TERMINAL_REVOKED: 'Terminal revoked. It can no longer make transactions.',
  TERMINAL_NOT_FOUND: 'The terminal was not found.',
  TOO_MANY_TERMINALS: 'A merchant can have at most {max} active terminals. Revoke one before issuing another.',
  CONFIRM_REVOKE: 'Revoke this terminal? It stops working at once and cannot be restored.',
  NO_TERMINALS: 'No terminals have been issued to this merchant.',
} as const;
