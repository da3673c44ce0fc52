import {
  canApprove,
  canAskMoreInfo,
  canRefuse,
  FARMER_APPLICATION_MESSAGES,
  type StaffDecision,
  type StaffFarmerApplication,
} from '@ebt/core/farmer-applications';
import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DANGER_COLOR } from '../../components/confirm-action';
import { BackLink } from '../../components/BackLink';
import { DateText } from '../../components/DateText';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { useFarmerApplication } from './api';
import {
  AddressesSection,
  AgreementSection,
  CropsSection,
  FarmAndContactSection,
  MarketsSection,
  PayoutSection,
  QuestionsSection,
} from './components/ApplicationSections';
import { DecisionDialogs, type Decision } from './components/DecisionDialogs';
import { DuplicatesPanel } from './components/DuplicatesPanel';
import { HistorySection } from './components/HistorySection';
import { StatusBadge } from './components/StatusBadge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `{base}/farmer-applications/{applicationUuid}` (decision 0111): everything the farmer gave, section
 * by section (tax id and bank numbers masked), the status, the possible duplicates and the history; with
 * `canDecide` (MERCHANT_ADD and one of its programs) Ask for more information, Approve and Refuse, each in a dialog.
 * After a decision the application reads again and the outcome takes the focus. An application out of the caller's
 * programs reads like a missing one.
 */
export default function FarmerApplicationDetailPage({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const allowed = hasAnyPrivilege(user.privileges, PRIVILEGE.MERCHANT_VIEW);
  const { applicationUuid = '' } = useParams();
  const valid = UUID.test(applicationUuid);
  const application = useFarmerApplication(applicationUuid, allowed && valid);
  const back = (
    <BackLink to={`/${base}/farmer-applications`} resultsLabel="Back to results">
      Farmer applications
    </BackLink>
  );

  if (!allowed) {
    return (
      <Page title="Farmer application">
        <MessageBanner kind="danger" messages={MESSAGES.PRIVILEGE_ERROR} />
      </Page>
    );
  }
  if (!valid || isApiError(application.error, 404) || isApiError(application.error, 400)) {
    return (
      <Page title="Farmer application not found" actions={back}>
        <MessageBanner kind="warning" messages={FARMER_APPLICATION_MESSAGES.APPLICATION_NOT_FOUND} />
      </Page>
    );
  }
  if (application.isError) {
    return (
      <Page title="Farmer application" actions={back}>
        <MessageBanner kind="danger" messages={errorMessagesOf(application.error)} />
        <Group>
          <Button variant="default" onClick={() => void application.refetch()}>
            Try again
          </Button>
        </Group>
      </Page>
    );
  }
  if (application.isPending) {
    return (
      <Page title="Farmer application" actions={back}>
        <LoadingStatus label="Loading the application" />
      </Page>
    );
  }
  return <ApplicationView detail={application.data} base={base} back={back} />;
}

/** The outcome of the last decision: an object each time, so the same text twice takes the focus again. */
type Outcome = { message: string; merchantUuid: string | null };

function ApplicationView({ detail, base, back }: { detail: StaffFarmerApplication; base: StaffBase; back: ReactNode }) {
  const { application } = detail;
  const [open, setOpen] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useOutcomeFocus(outcome);
  const status = application.status;
  const decisions = detail.canDecide
    ? { moreInfo: canAskMoreInfo(status), approve: canApprove(status), refuse: canRefuse(status) }
    : { moreInfo: false, approve: false, refuse: false };
  const anyDecision = decisions.moreInfo || decisions.approve || decisions.refuse;
  const undecided = status === 'submitted' || status === 'more-info';

  const decided = (_decision: Decision, answer: StaffDecision) => {
    setOpen(null);
    setOutcome({ message: answer.message, merchantUuid: answer.merchantUuid });
  };

  return (
    <Page title={`Farmer application ${application.applicationNumber}`} actions={back}>
      {outcome && (
        <MessageBanner
          ref={outcomeRef}
          kind="success"
          messages={outcome.message}
          onClose={() => setOutcome(null)}
          details={
            outcome.merchantUuid && (
              <Text mt={4}>
                <Anchor component={Link} to={`/${base}/merchant/${outcome.merchantUuid}`} fw={600}>
                  Open the new merchant
                </Anchor>
              </Text>
            )
          }
        />
      )}

      <DetailSection title="Status">
        <Group gap="sm">
          <StatusBadge status={status} size="lg" />
          <Text fw={600}>{application.farmName}</Text>
        </Group>
        <FieldList>
          <ReadOnlyField label="Number" value={application.applicationNumber} />
          <ReadOnlyField label="Programs" value={application.programs.map((p) => p.programName).join(', ')} />
          <ReadOnlyField label="Submitted" value={<DateText value={application.submittedAt} />} />
          <ReadOnlyField label="Last changed" value={<DateText value={application.updatedAt} />} />
          {application.decidedAt && (
            <ReadOnlyField label="Decided" value={<DateText value={application.decidedAt} />} />
          )}
          {detail.merchantUuid && (
            <ReadOnlyField
              label="Merchant"
              value={
                <Anchor component={Link} to={`/${base}/merchant/${detail.merchantUuid}`}>
                  Open the merchant {application.farmName}
                </Anchor>
              }
            />
          )}
        </FieldList>
        {application.staffRequest && (
          <ReadOnlyField
            label={status === 'more-info' ? 'Information asked (waiting for the farmer)' : 'Information last asked'}
            value={<span style={{ whiteSpace: 'pre-wrap' }}>{application.staffRequest}</span>}
          />
        )}
        {application.refusalReason && (
          <ReadOnlyField
            label="Reason for refusal"
            value={<span style={{ whiteSpace: 'pre-wrap' }}>{application.refusalReason}</span>}
          />
        )}
        {status === 'more-info' && detail.canDecide && <Text fz="sm">{FARMER_APPLICATION_MESSAGES.NOT_SUBMITTED}</Text>}
        {anyDecision && (
          <Group gap="sm">
            {decisions.approve && <Button onClick={() => setOpen('approve')}>Approve</Button>}
            {decisions.moreInfo && (
              <Button variant="outline" onClick={() => setOpen('more-info')}>
                Ask for more information
              </Button>
            )}
            {decisions.refuse && (
              <Button variant="outline" color={DANGER_COLOR} onClick={() => setOpen('refuse')}>
                Refuse
              </Button>
            )}
          </Group>
        )}
        {!detail.canDecide && undecided && (
          <Text fz="sm" c="dimmed">
            You may read this application; deciding it takes the right to add merchants in one of its programs.
          </Text>
        )}
      </DetailSection>

      <DuplicatesPanel duplicates={detail.duplicates} base={base} undecided={undecided} />
      <FarmAndContactSection application={application} />
      <AddressesSection application={application} />
      <MarketsSection application={application} />
      <CropsSection application={application} />
      <QuestionsSection application={application} />
      <PayoutSection application={application} />
      <AgreementSection application={application} />
      <HistorySection history={detail.history} />

      {detail.canDecide && (
        <DecisionDialogs
          application={application}
          suggestedMerchantIdentifier={detail.suggestedMerchantIdentifier}
          open={open}
          onClose={() => setOpen(null)}
          onDone={decided}
        />
      )}
    </Page>
  );
}
