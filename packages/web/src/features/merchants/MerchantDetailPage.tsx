import { MERCHANT_STATUS_LABEL, type MerchantStatus } from '@ebt/core/enums';
import { MERCHANT_MESSAGES, type MerchantDetail } from '@ebt/core/merchants';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { displayPhone } from '../../lib/person';
import { useSessionUser } from '../../lib/session-user';
import { useMerchant } from './api';
import type { StaffBase } from '../../lib/staff-base';
import { BackLink } from '../../components/BackLink';
import { MerchantBankChangeSection } from '../bank-changes';
import { MerchantBankSection } from './components/MerchantBankSection';
import { MerchantInfoForm } from './components/MerchantInfoForm';
import { MerchantProgramTable } from './components/MerchantProgramTable';
import { MerchantStatusAction } from './components/MerchantStatusAction';
import { MerchantTerminalsSection } from './components/MerchantTerminalsSection';
import { DetailSection } from '../../components/DetailSection';
import { MerchantSettlementsSection } from '../settlement';
import { MerchantPeopleSection } from '../merchant-users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `{base}/merchant/{merchantUuid}` (B§2 "Merchant detail"): the merchant's status with Activate or Inactivate, the
 * info form, the program mapping table and, only with BANK_VIEW, the bank info. A missing merchant, or one outside
 * the caller's programs, reads 'The merchant was not found.' (decision 0020).
 */
export default function MerchantDetailPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const merchant = useMerchant(valid ? id : '00000000-0000-0000-0000-000000000000');

  if (!valid || isApiError(merchant.error, 404) || isApiError(merchant.error, 400)) {
    return (
      <Page
        title="Merchant not found"
        actions={
          <BackLink to={`/${base}/merchants`} resultsLabel="Back to results">
            Merchant search
          </BackLink>
        }
      >
        <MessageBanner kind="warning" messages={MERCHANT_MESSAGES.MERCHANT_NOT_FOUND} />
      </Page>
    );
  }
  if (merchant.isError) {
    return (
      <Page
        title="Merchant"
        actions={
          <BackLink to={`/${base}/merchants`} resultsLabel="Back to results">
            Merchant search
          </BackLink>
        }
      >
        <MessageBanner kind="danger" messages={errorMessagesOf(merchant.error)} />
        <Group>
          <Button variant="default" onClick={() => void merchant.refetch()}>
            Try again
          </Button>
        </Group>
      </Page>
    );
  }
  if (merchant.isPending) {
    return (
      <Page
        title="Merchant"
        actions={
          <BackLink to={`/${base}/merchants`} resultsLabel="Back to results">
            Merchant search
          </BackLink>
        }
      >
        <LoadingStatus label="Loading the merchant" />
      </Page>
    );
  }
  return <MerchantDetailView merchant={merchant.data} base={base} />;
}

function MerchantDetailView({ merchant, base }: { merchant: MerchantDetail; base: StaffBase }) {
  const user = useSessionUser();
  const canUpdate = hasAnyPrivilege(user.privileges, PRIVILEGE.MERCHANT_UPDATE);
  const bankView = hasAnyPrivilege(user.privileges, PRIVILEGE.BANK_VIEW);
  const merchantView = hasAnyPrivilege(user.privileges, PRIVILEGE.MERCHANT_VIEW);
  // The settlement screens' access: program admins (their programs' batches) and platform administrators.
  const seesSettlement = hasAnyPrivilege(user.privileges, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS);

  // The add screen arrives here with 'Merchant added.' (its state, cleared so a reload does not repeat it).
  const location = useLocation();
  const navigate = useNavigate();
  const added = (location.state as { added?: unknown } | null)?.added;
  // An object per outcome, so the same message twice (two status changes) takes focus again.
  const [outcome, setOutcome] = useState<{ line: string } | null>(typeof added === 'string' ? { line: added } : null);
  const report = (line: string) => setOutcome({ line });
  useEffect(() => {
    if (typeof added === 'string') void navigate('.', { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const outcomeRef = useOutcomeFocus(outcome);

  const status =
    MERCHANT_STATUS_LABEL[merchant.merchantStatusId as MerchantStatus] ?? String(merchant.merchantStatusId);

  return (
    <Page
      title={`Merchant ${merchant.merchantName}`}
      actions={
        <BackLink to={`/${base}/merchants`} resultsLabel="Back to results">
          Merchant search
        </BackLink>
      }
    >
      {outcome && (
        <MessageBanner ref={outcomeRef} kind="success" messages={outcome.line} onClose={() => setOutcome(null)} />
      )}

      <DetailSection title="Status">
        <FieldList cols={{ base: 2, md: 4 }}>
          <ReadOnlyField label="Merchant ID" value={merchant.merchantIdentifier} />
          <ReadOnlyField label="Status" value={status} />
          <ReadOnlyField label="Business phone" value={displayPhone(merchant.businessPhone)} />
          <ReadOnlyField label="Created through" value={merchant.creationChannel} />
        </FieldList>
        {canUpdate && (
          <Group>
            <MerchantStatusAction merchant={merchant} onDone={report} />
          </Group>
        )}
      </DetailSection>

      <DetailSection title="Merchant info">
        <MerchantInfoForm merchant={merchant} canUpdate={canUpdate} bankView={bankView} />
      </DetailSection>

      <DetailSection title="Program mapping">
        <MerchantProgramTable merchantUuid={merchant.merchantUuid} canUpdate={canUpdate} onDone={report} />
      </DetailSection>

      {bankView && (
        <DetailSection title="Bank info">
          <MerchantBankSection merchant={merchant} />
          <MerchantBankChangeSection merchantUuid={merchant.merchantUuid} />
        </DetailSection>
      )}

      {seesSettlement && (
        <DetailSection title="Settlements">
          <MerchantSettlementsSection
            merchantUuid={merchant.merchantUuid}
            merchantName={merchant.merchantName}
            base={base}
          />
        </DetailSection>
      )}

      {canUpdate && (
        <DetailSection title="Terminals">
          <MerchantTerminalsSection merchantUuid={merchant.merchantUuid} merchantName={merchant.merchantName} />
        </DetailSection>
      )}

      {merchantView && (
        <DetailSection title="People">
          <MerchantPeopleSection
            merchantUuid={merchant.merchantUuid}
            merchantName={merchant.merchantName}
            canUpdate={canUpdate}
          />
        </DetailSection>
      )}
    </Page>
  );
}
