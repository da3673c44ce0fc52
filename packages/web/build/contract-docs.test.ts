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

  it('empty the summary the export helper writes for every export, so no number is formatted as the contracts load', () => {
    const code = `export function exportEndpoint(definition) {
  const { cap, ...rest } = definition;
  return endpoint({
    method: 'GET',
    format: 'export',
    summary: \`The search as a CSV file (at most \${cap.toLocaleString('en-US')} rows)\`,
    returns: 'The matching rows as a file',
    refusals: REFUSED.list,
    ...rest,
  });
}`;
    const out = stripContractDocs(code, 'endpoint.ts');
    expect(out).not.toContain('toLocaleString');
    expect(out).toContain("format: 'export'");
    expect(out).toContain('...rest');
  });
});
