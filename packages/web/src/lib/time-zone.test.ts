import { describe, expect, it } from 'vitest';
import { portalTimeZone } from './time-zone';

const page = (content: string | null) => ({
  querySelector: () => (content === null ? null : ({ content } as HTMLMetaElement)),
});

describe('portalTimeZone', () => {
  it("reads the server's zone from the page, else the default", () => {
    expect(portalTimeZone(page('America/Chicago') as unknown as Document)).toBe('America/Chicago');
    expect(portalTimeZone(page(null) as unknown as Document)).toBe('America/New_York');
    expect(portalTimeZone(page('  ') as unknown as Document)).toBe('America/New_York');
    expect(portalTimeZone(page('Not/AZone') as unknown as Document)).toBe('America/New_York');
  });
});
