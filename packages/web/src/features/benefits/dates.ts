import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';
import { todayIn } from '@ebt/core/format';

/**
 * Today as the benefit rules read it (resolution 26): in the program's time zone, the product default unless the
 * server is configured otherwise, which the web app cannot learn; the server checks again with its own setting.
 */
export function programToday(): string {
  return todayIn(DEFAULT_TIME_ZONE);
}
