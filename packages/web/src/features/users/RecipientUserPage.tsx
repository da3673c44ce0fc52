import { MESSAGES } from '@ebt/core/messages';
import { Button, Group } from '@mantine/core';
import { useParams } from 'react-router';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useSessionUser } from '../../lib/session-user';
import { useRecipientUser } from './api';
import { BackLink } from '../../components/BackLink';
import { DetailOutcome, useDetailOutcome } from './components/DetailOutcome';
import { RecipientUserForm } from './components/RecipientUserForm';
import { DetailSection } from '../../components/DetailSection';
import { UserActions } from './components/UserActions';
import { UserChangeNotes } from './components/UserChangeNotes';
import { UserPlaces } from './components/UserPlaces';
import { isEmailVerified, type UserDetail } from './schemas';
import { userActionsOf, userStatusLabel } from './user-actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/program/user/{userUuid}/{programUuid}` (B§2 Users): the recipient-user form (e-mail, username, names, mobile), its
 * programs and agencies (agencies link to /program/agency/{agencyUuid}) and the status actions of B§4.
 */
export default function RecipientUserPage() {
  const { id = '' } = useParams();
  const back = (
    <BackLink to="/program/users" resultsLabel="Back to results">
      User search
    </BackLink>
  );
  const valid = UUID.test(id);
  const user = useRecipientUser(valid ? id : '00000000-0000-0000-0000-000000000000');

  if (!valid || isApiError(user.error, 404) || isApiError(user.error, 400)) {
    return (
      <Page title="User not found" actions={back}>
        <MessageBanner kind="warning" messages={MESSAGES.USER_NOT_FOUND} />
      </Page>
    );
  }
  if (user.isError) {
    return (
      <Page title="User" actions={back}>
        <MessageBanner kind="danger" messages={errorMessagesOf(user.error)} />
        <Group>
          <Button variant="default" onClick={() => void user.refetch()}>
            Try again
          </Button>
        </Group>
      </Page>
    );
  }
  if (user.isPending) {
    return (
      <Page title="User" actions={back}>
        <LoadingStatus label="Loading the user" />
      </Page>
    );
  }
  return <RecipientUserView user={user.data} />;
}

function RecipientUserView({ user }: { user: UserDetail }) {
  const caller = useSessionUser();
  const { progId } = useParams();
  const status = user.userStatusId;
  const offered = userActionsOf(
    { userStatusId: status, emailVerified: isEmailVerified(user.emailVerified), changeable: user.changeable },
    caller.privileges,
  );
  const { outcome, report, clear, returnToList } = useDetailOutcome('program');
  const back = (
    <BackLink to="/program/users" resultsLabel="Back to results">
      User search
    </BackLink>
  );

  return (
    <Page title={`Recipient user ${user.username}`} actions={back}>
      <DetailOutcome outcome={outcome} onClose={clear} />

      <DetailSection title="Status">
        <UserChangeNotes user={user} />
        <FieldList cols={{ base: 2, md: 4 }}>
          <ReadOnlyField label="Status" value={userStatusLabel(status)} />
          <ReadOnlyField label="E-mail verified" value={isEmailVerified(user.emailVerified) ? 'Yes' : 'No'} />
        </FieldList>
        <UserActions userUuid={user.userUuid} offered={offered} recipient onDone={report} onDeleted={returnToList} />
      </DetailSection>

      <DetailSection title="Recipient user">
        <RecipientUserForm user={user} readOnly={offered.readOnly} />
      </DetailSection>

      <DetailSection title="Programs and agencies">
        <UserPlaces programs={user.programs} agencies={user.agencies} base="program" highlight={progId} />
      </DetailSection>
    </Page>
  );
}
