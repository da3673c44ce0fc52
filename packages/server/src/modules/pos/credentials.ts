import type { FastifyRequest } from 'fastify';
import { TERMINAL_ID_PATTERN } from '@ebt/core/terminals';
import { terminalSecretHash } from '../merchants/index.js';

// A terminal's HTTP Basic credentials (decision 0042): terminal id as the user name, the secret as the password. Only
// the secret's SHA-256 leaves this file: the engine compares hashes in its first statement, and no log sees either.

export interface TerminalCredentials {
  terminalCode: string;
  secretHash: string;
}

/** The credentials of a request, or null when it carries none that could be a terminal's. */
export function terminalCredentials(request: FastifyRequest): TerminalCredentials | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,200})$/i.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const terminalCode = decoded.slice(0, colon).trim().toUpperCase();
  const secret = decoded.slice(colon + 1);
  if (!TERMINAL_ID_PATTERN.test(terminalCode) || secret.length === 0 || secret.length > 100) return null;
  return { terminalCode, secretHash: terminalSecretHash(secret) };
}
