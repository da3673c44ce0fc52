import { type PrivilegeCode, STAFF_PRIVILEGES } from '../privileges/index.js';

/**
 * Who may call an endpoint, declared in its contract (architecture.md "Access"); the server's access hook enforces it
 * and the OpenAPI document states it.
 * - public: anyone, signed in or not (sign-in, recovery, the online application, health);
 * - authenticated: any signed-in user (their own account and profile);
 * - privileges: a signed-in user holding at least one of the listed privileges;
 * - terminal: a merchant's point-of-sale terminal with HTTP Basic credentials (the transaction engine). No user session
 *   opens these endpoints.
 * Data scope (which programs, agencies or account) is applied by the server's use cases from the caller.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'privileges'; readonly anyOf: readonly PrivilegeCode[] }
  | { readonly kind: 'terminal' };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const TERMINAL: Access = { kind: 'terminal' };

export function privileges(...anyOf: PrivilegeCode[]): Access {
  if (anyOf.length === 0) throw new Error('privileges() needs at least one privilege code');
  return { kind: 'privileges', anyOf };
}

/** Program-side staff and platform administrators. */
export const STAFF: Access = privileges(...STAFF_PRIVILEGES);
