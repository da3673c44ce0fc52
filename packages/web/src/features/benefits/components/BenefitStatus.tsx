import { BENEFIT_STATUS, type BenefitStatus } from '@ebt/core/enums';
import { Text, VisuallyHidden } from '@mantine/core';
import { Money } from '../../../components/Money';

/** The status in words, with the API's name after it (resolution 1: 3 is VOID on the wire, people read 'Voided'). */
const STATUS_WORDS: Readonly<Record<BenefitStatus, string>> = {
  [BENEFIT_STATUS.ISSUED]: 'Issued',
  [BENEFIT_STATUS.EXPIRED]: 'Expired',
  [BENEFIT_STATUS.EXPUNGED]: 'Expunged',
  [BENEFIT_STATUS.VOIDED]: 'Voided',
};

/**
 * The words a person reads, with the name the API, the export and the file use after them where it differs:
 * 'Voided (VOID)', but 'Issued' rather than 'Issued (ISSUED)'.
 */
export function benefitStatusText(statusId: number, wireName: string): string {
  const words = STATUS_WORDS[statusId as BenefitStatus];
  if (!words) return wireName;
  return words.toUpperCase() === wireName.toUpperCase() ? words : `${words} (${wireName})`;
}

/**
 * A benefit's balance. A voided benefit keeps its last balance in the row, but nothing of it can be spent: it shows
 * struck through and named as voided, never as money still available.
 */
export function BenefitBalance({ statusId, balance }: { statusId: number; balance: number }) {
  if (statusId !== BENEFIT_STATUS.VOIDED) return <Money value={balance} />;
  return (
    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
      <Text span inherit td="line-through" aria-hidden>
        <Money value={balance} />
      </Text>{' '}
      <Text span inherit fw={600}>
        voided
      </Text>
      <VisuallyHidden component="span">
        , was <Money value={balance} />
      </VisuallyHidden>
    </Text>
  );
}
