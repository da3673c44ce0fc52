import { type AchSettingsAnswer, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { Text } from '@mantine/core';
import { DetailSection } from '../../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useAchSettings } from '../api';

/** "A, B and 2 programs you cannot see": the sharing programs as one phrase. */
function sharingPhrase(answer: Pick<AchSettingsAnswer, 'sharedWith' | 'sharedWithOthers'>): string {
  const parts = answer.sharedWith.map((p) => p.programName);
  if (answer.sharedWithOthers > 0)
    parts.push(
      answer.sharedWithOthers === 1 ? '1 program you cannot see' : `${answer.sharedWithOthers} programs you cannot see`,
    );
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The ids shared: the company id, and the immediate origin when it differs. */
const originatorNames = (a: Pick<AchSettingsAnswer, 'companyId' | 'immediateOrigin'>) =>
  a.companyId === a.immediateOrigin
    ? `company ID ${a.companyId}`
    : `company ID ${a.companyId} or immediate origin ${a.immediateOrigin}`;

/**
 * The settlement page's 'ACH originator' of the chosen program (docs/settlement.md "ACH file"): the ids its ACH files
 * carry and, when other programs' files carry the same company id or immediate origin, a plain warning naming them
 * (those the caller may not see only counted) and saying why it matters.
 */
export function AchOriginatorSection({ programUuid }: { programUuid: string }) {
  const settings = useAchSettings(programUuid);
  const answer = settings.data;
  const shared = answer && (answer.sharedWith.length > 0 || answer.sharedWithOthers > 0);
  return (
    <DetailSection title="ACH originator">
      <Text>
        The ids the program&apos;s ACH files carry. Set them with the configuration keys settlement.ach.companyId and
        settlement.ach.immediateOrigin, or for this program alone with the program&apos;s short name after the key.
      </Text>
      {settings.isError && <MessageBanner kind="danger" messages={errorMessagesOf(settings.error)} />}
      {settings.isPending && <LoadingStatus label="Loading the ACH originator" py="md" />}
      {answer && (
        <FieldList cols={{ base: 1, sm: 2, lg: 4 }}>
          <ReadOnlyField label="Company ID" value={answer.companyId} />
          <ReadOnlyField label="Immediate origin" value={answer.immediateOrigin} />
          <ReadOnlyField label="Company name" value={answer.companyName} />
          <ReadOnlyField label="Lead days to the effective date" value={String(answer.leadDays)} />
        </FieldList>
      )}
      {answer && shared && (
        <MessageBanner
          kind="warning"
          title="Another program uses this originator"
          data-testid="shared-originator"
          messages={[
            `${sharingPhrase(answer)} ${answer.sharedWith.length + answer.sharedWithOthers === 1 ? 'uses' : 'use'} the same ACH originator as this program: ${originatorNames(answer)}.`,
            SETTLEMENT_MESSAGES.SHARED_ORIGINATOR_WHY,
          ]}
        />
      )}
    </DetailSection>
  );
}
