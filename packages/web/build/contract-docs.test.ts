import { describe, expect, it } from 'vitest';
import { stripContractDocs } from './contract-docs';

describe('the contracts the web app bundles', () => {
  it('lose their documentation sentences and keep everything a call needs', () => {
    const code = `export const detail = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id',
  summary:
    'One merchant by merchantUuid, ' +
    \`answered by caller \${MAX}\`,
  description: 'More.',
  params: MerchantParams,
  returns: 'The merchant',
  refusals: REFUSED.record,
});
const Note = z.object({ description: z.string() });`;
    const out = stripContractDocs(code, 'endpoints.ts');
    expect(out).not.toMatch(/One merchant|answered by caller|More\.|The merchant'/);
    expect(out).toContain("path: '/merchant-api/merchant/:id'");
    expect(out).toContain('params: MerchantParams');
    expect(out).toContain("summary:\n    ''");
    expect(out).toContain("returns: ''");
    expect(out).toContain('z.object({ description: z.string() })');
  });
});
