import { todayIn } from '@ebt/core/format';
import { portalTimeZone } from '../../lib/time-zone';

/**
 * Today as the benefit rules read it (resolution 26): in the program's time zone, which
 * programApi.callerPrograms sends with each program, so the screen and the server agree on the date. Without
 * a program (a search over all of them) it is the product default, as on the server; a zone this browser does not
 * know falls back to it too, and the server decides.
 */
export function programToday(timeZone?: string, now: Date = new Date()): string {
  if (timeZone) {
    try {
      return todayIn(timeZone, now);
    } catch {
      // RangeError: an unknown zone; the default below.
    }
  }
  return todayIn(portalTimeZone(), now);
}
