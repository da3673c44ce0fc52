import type { BenefitDetail } from '@ebt/core/benefits';
import { BENEFIT_TYPE_LABEL, type BenefitType } from '@ebt/core/enums';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { DateText } from '../../../components/DateText';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { Money } from '../../../components/Money';
import { BenefitBalance, benefitStatusText } from './BenefitStatus';
import { ExpiryBadge } from './ExpiryBadge';

/** The benefit's facts (A§3 "Benefit"), with links to the recipient and the recipient's other benefits. */
export function BenefitFacts({
  benefit,
  base,
  optionName,
}: {
  benefit: BenefitDetail;
  base: string;
  optionName?: string;
}) {
  return (
    <FieldList>
      <ReadOnlyField label="Authorization Number" value={benefit.benefitAuthorizationNumber} />
      <ReadOnlyField label="Status" value={benefitStatusText(benefit.benefitStatusId, benefit.benefitStatus)} />
      {benefit.voidedDate !== null && (
        <ReadOnlyField
          label="Voided"
          value={
            <>
              <DateText value={benefit.voidedDate} />
              {benefit.voidedBy ? ` by ${benefit.voidedBy}` : ''}
            </>
          }
        />
      )}
      <ReadOnlyField
        label="Type"
        value={BENEFIT_TYPE_LABEL[benefit.benefitTypeId as BenefitType] ?? String(benefit.benefitTypeId)}
      />
      <ReadOnlyField label="Program" value={benefit.programName} />
      <ReadOnlyField
        label="Recipient"
        value={
          <Anchor component={Link} to={`${base}/recipient/${benefit.recipientAccountUuid}/${benefit.programId}`}>
            {benefit.firstname} {benefit.lastname} ({benefit.recipientIdentifier})
          </Anchor>
        }
      />
      <ReadOnlyField label="Agency" value={benefit.agencyName} />
      <ReadOnlyField label="Amount" value={<Money value={benefit.benefitAmount} />} />
      <ReadOnlyField
        label="Balance"
        value={<BenefitBalance statusId={benefit.benefitStatusId} balance={benefit.benefitBalance} />}
      />
      <ReadOnlyField label="Funding source" value={benefit.fundingName} />
      <ReadOnlyField label="Available date" value={<DateText value={benefit.benefitAvailableDate} />} />
      <ReadOnlyField
        label="Expiration date"
        value={
          <Group gap={6} wrap="nowrap" component="span">
            <DateText value={benefit.benefitExpirationDate} />
            <ExpiryBadge marker={benefit.expiryMarker} />
          </Group>
        }
      />
      {benefit.incentiveName !== null && <ReadOnlyField label="Incentive" value={benefit.incentiveName} />}
      {benefit.benefitOptionTypeId !== null && <ReadOnlyField label="Benefit option" value={optionName} />}
      {benefit.enableBenefitNote && <ReadOnlyField label="Note" value={benefit.note} />}
      <ReadOnlyField label="Recipient notified" value={benefit.notifiedRecipient ? 'Yes' : 'No'} />
      <ReadOnlyField label="Last updated" value={<DateText value={benefit.lastUpdatedDate} />} />
      <ReadOnlyField
        label="Channel"
        value={
          benefit.updationChannel
            ? `${benefit.creationChannel}, updated by ${benefit.updationChannel}`
            : benefit.creationChannel
        }
      />
    </FieldList>
  );
}
