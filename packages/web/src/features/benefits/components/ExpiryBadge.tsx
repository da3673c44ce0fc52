import type { ExpiryMarker } from '@ebt/core/format';
import { Badge } from '@mantine/core';

/** Dark inks that keep the outline badge's text at WCAG AA on white (Mantine's red-6 and yellow-6 do not). */
const INK: Record<ExpiryMarker, string> = { expired: '#a51d1d', 'expiring soon': '#7a4b00' };

/**
 * A§4 "Expiry marker": 'expired' once the expiry date is past, 'expiring soon' within 14 days. The server computes
 * it (core's `benefitExpiryMarker`, today in the program's zone, ISSUED benefits only) and sends it with each benefit.
 */
export function ExpiryBadge({ marker }: { marker: ExpiryMarker | null }) {
  if (!marker) return null;
  return (
    <Badge variant="outline" color={INK[marker]} size="sm" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {marker}
    </Badge>
  );
}
