import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';

/** The meta element the server adds to index.html (packages/server/src/platform/web.ts TIME_ZONE_META). */
const TIME_ZONE_META = 'meta[name="portal-time-zone"]';

/**
 * The portal's time zone (the server's DEFAULT_TIME_ZONE), read from the page the server sent, so the screens judge
 * 'today' (a program's start date, a configuration value's effective date, a benefit's dates) in the same zone as the
 * server does. core's DEFAULT_TIME_ZONE when the page names none or names no zone the browser knows (the Vite dev
 * server serves index.html unchanged).
 */
export function portalTimeZone(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const zone = doc?.querySelector<HTMLMetaElement>(TIME_ZONE_META)?.content.trim();
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
