import { MESSAGES } from '@ebt/core/messages';
import { Button, Group } from '@mantine/core';
import { useParams } from 'react-router';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { useUser } from './api';
import { BackLink } from '../../components/BackLink';
import { DetailOutcome, useDetailOutcome } from './components/DetailOutcome';
import { DetailSection } from '../../components/DetailSection';
import { UserActions } from './components/UserActions';
import { UserChangeNotes } from './components/UserChangeNotes';
import { UserEditForm } from './components/UserEditForm';
import { UserPlaces } from './components/UserPlaces';
import { UserRolesPanel } from './components/UserRolesPanel';
import { isEmailVerified, type UserDetail } from './schemas';
import { userActionsOf, userStatusLabel } from './user-actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `{base}/user/{userUuid}` (B§2 Users; on the admin side also `/admin/user/{id}/{progId}`, resolution 3): the staff
 * user's status and actions (B§4), the User form, the programs and agencies and, on the admin side, the role list. A
 * user outside the caller's scope reads as not found (the server answers 404).
 */
export default function UserDetailPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  const back = (
    <BackLink to={`/${base}/users`} resultsLabel="Back to results">
      User search
    </BackLink>
  );
  const valid = UUID.test(id);
  const user = useUser(valid ? id : '00000000-0000-0000-0000-000000000000');

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
  return <UserDetailView user={user.data} base={base} />;
}

function UserDetailView({ user, base }: { user: UserDetail; base: StaffBase }) {
  const caller = useSessionUser();
  const { progId } = useParams();
  const offered = userActionsOf(
    {
      userStatusId: user.userStatusId,
      emailVerified: isEmailVerified(user.emailVerified),
      changeable: user.changeable,
    },
    caller.privileges,
  );
  const { outcome, report, clear, returnToList } = useDetailOutcome(base);
  const back = (
    <BackLink to={`/${base}/users`} resultsLabel="Back to results">
      User search
    </BackLink>
  );

  return (
    <Page title={`User ${user.username}`} actions={back}>
      <DetailOutcome outcome={outcome} onClose={clear} />

      <DetailSection title="Status">
        <UserChangeNotes user={user} />
        <FieldList cols={{ base: 2, md: 4 }}>
          <ReadOnlyField label="Status" value={userStatusLabel(user.userStatusId)} />
          <ReadOnlyField label="E-mail verified" value={isEmailVerified(user.emailVerified) ? 'Yes' : 'No'} />
          <ReadOnlyField label="Created" value={user.creationDate ? <DateText value={user.creationDate} /> : '—'} />
          <ReadOnlyField label="Failed sign-ins" value={String(user.failedLogins ?? 0)} />
        </FieldList>
        <UserActions userUuid={user.userUuid} offered={offered} onDone={report} onDeleted={returnToList} />
      </DetailSection>

      <DetailSection title="User">
        <UserEditForm user={user} base={base} readOnly={offered.readOnly} />
      </DetailSection>

      <DetailSection title="Programs and agencies">
        <UserPlaces programs={user.programs} agencies={user.agencies} base={base} highlight={progId} />
      </DetailSection>

      {base === 'admin' && (
        <DetailSection title="Roles">
          <UserRolesPanel userUuid={user.userUuid} disabled={offered.readOnly} onDone={report} />
        </DetailSection>
      )}
    </Page>
  );
}
