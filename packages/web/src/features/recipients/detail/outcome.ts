import type { MessageKind } from '../../../components/MessageBanner';

/** What an action of the detail screen reports in the banner at the top of the page. */
export interface Outcome {
  kind: MessageKind;
  lines: string[];
}
