import type { InviteMerchantUserBody } from '@ebt/core/merchant-users';

// A valid invitation for the merchant-users tests (the farmer users themselves: testing/farmer.ts makeFarmer).

let sequence = 0;

/** An invitation with a fresh e-mail. */
export function validInvite(overrides: Partial<InviteMerchantUserBody> = {}): InviteMerchantUserBody {
  const n = ++sequence;
  return {
    firstname: 'Rosa',
    lastname: `Field${n}`,
    email: `rosa.field${n}-${Date.now().toString(36)}@example.com`,
    mobile: '860-555-0150',
    ...overrides,
  };
}
