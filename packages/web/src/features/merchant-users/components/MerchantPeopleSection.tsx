import { USER_STATUS, USER_STATUS_LABEL, type UserStatus } from '@ebt/core/enums';
import { MERCHANT_USER_MESSAGES, type MerchantUser } from '@ebt/core/merchant-users';
import { NAME_MAX } from '@ebt/core/constants';
import { Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { confirmAction, DANGER_COLOR } from '../../../components/confirm-action';
import { ContactFields } from '../../../components/ContactFields';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { FieldGroup } from '../../../components/FieldGroup';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { displayPhone } from '../../../lib/person';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import {
  useDisableMerchantPerson,
  useInviteMerchantPerson,
  useMerchantPeople,
  useResendMerchantPersonActivation,
} from '../api';
import { EMPTY_INVITE, INVITE_FIELDS, inviteBody, type InviteValues, validateInvite } from '../invite-form';

type Outcome = { kind: 'success' | 'danger'; messages: string[] } | null;

function statusOf(person: MerchantUser): string {
  if (person.revokedAt) return 'Disabled';
  if (person.userStatusId === USER_STATUS.PENDING) return 'Pending activation';
  return USER_STATUS_LABEL[person.userStatusId as UserStatus] ?? String(person.userStatusId);
}

/**
 * The people who sell for the merchant (farmer users; decision 0109) on the staff merchant detail page: the list for
 * MERCHANT_VIEW, active first; with MERCHANT_UPDATE (`canUpdate`) the invitation form, Disable after a confirmation,
 * and a new activation e-mail for a person who has not activated. How many other merchants a person sells for is
 * shown as a number: those merchants may be outside the caller's programs.
 */
export function MerchantPeopleSection({
  merchantUuid,
  merchantName,
  canUpdate,
}: {
  merchantUuid: string;
  merchantName: string;
  canUpdate: boolean;
}) {
  const people = useMerchantPeople(merchantUuid);
  const invite = useInviteMerchantPerson(merchantUuid);
  const disable = useDisableMerchantPerson(merchantUuid);
  const resend = useResendMerchantPersonActivation(merchantUuid);
  const [invited, setInvited] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useOutcomeFocus(outcome);
  const form = useForm<InviteValues>({ mode: 'controlled', initialValues: EMPTY_INVITE, validate: validateInvite });

  const submit = form.onSubmit(async (values) => {
    setInvited(null);
    setOutcome(null);
    try {
      const answer = await invite.mutateAsync(inviteBody(values));
      setInvited(`${answer.message} Username: ${answer.username}.`);
      form.reset();
    } catch (error) {
      form.setErrors(serverFieldErrors(error, INVITE_FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  const report = (kind: 'success' | 'danger', messages: string[]) => {
    setInvited(null);
    invite.reset();
    setOutcome({ kind, messages });
  };

  const askDisable = (person: MerchantUser) =>
    confirmAction({
      message: MERCHANT_USER_MESSAGES.CONFIRM_DISABLE,
      confirmLabel: 'Disable',
      danger: true,
      onConfirm: () =>
        disable.mutate(person.userUuid, {
          onSuccess: (answer) => report('success', [answer.message]),
          onError: (error) => report('danger', errorMessagesOf(error)),
        }),
    });

  const sendActivation = (person: MerchantUser) =>
    resend.mutate(person.userUuid, {
      onSuccess: (answer) => report('success', [answer.message]),
      onError: (error) => report('danger', errorMessagesOf(error)),
    });

  const columns: DataTableColumn<MerchantUser>[] = [
    { key: 'name', header: 'Name', render: (row) => `${row.firstname} ${row.lastname}` },
    { key: 'username', header: 'Username' },
    { key: 'email', header: 'E-mail' },
    { key: 'mobile', header: 'Mobile', render: (row) => displayPhone(row.mobile) },
    {
      key: 'status',
      header: 'Status',
      render: (row) =>
        row.revokedAt ? (
          <Text span inherit>
            Disabled <DateText value={row.revokedAt} format="date" />
            {row.revokedBy ? ` by ${row.revokedBy}` : ''}
          </Text>
        ) : (
          statusOf(row)
        ),
    },
    { key: 'linkedAt', header: 'Since', render: (row) => <DateText value={row.linkedAt} format="date" /> },
    { key: 'otherMerchantCount', header: 'Other merchants', align: 'right' },
  ];
  if (canUpdate)
    columns.push({
      key: 'action',
      header: 'Action',
      render: (row) =>
        row.revokedAt ? null : (
          <Group gap="xs" wrap="wrap">
            {row.userStatusId === USER_STATUS.PENDING && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => sendActivation(row)}
                loading={resend.isPending && resend.variables === row.userUuid}
                aria-label={`Send a new activation e-mail to ${row.username}`}
              >
                Resend activation
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              color={DANGER_COLOR}
              onClick={() => askDisable(row)}
              loading={disable.isPending && disable.variables === row.userUuid}
              aria-label={`Disable ${row.username} for this merchant`}
            >
              Disable
            </Button>
          </Group>
        ),
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The people who sell for this merchant (a farmer, a stall hand, a market manager) sign in on the sign-in page and
        take benefits on their phone.
      </Text>
      {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
      <MessageBanner kind="danger" messages={people.isError ? errorMessagesOf(people.error) : []} />
      {people.isPending && <LoadingStatus label="Loading the people" py="md" />}
      {people.isSuccess && (
        <DataTable
          caption={`People who sell for ${merchantName}`}
          columns={columns}
          rows={people.data.data}
          rowKey={(row) => row.userUuid}
          emptyMessage={MERCHANT_USER_MESSAGES.NO_PEOPLE}
        />
      )}
      {canUpdate && (
        <form onSubmit={submit} noValidate aria-label={`Invite a person to sell for ${merchantName}`}>
          <Stack gap="md">
            <FormOutcome success={invited} error={invite.isError ? invite.error : null} />
            <FieldGroup legend="Invite a person">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="First name"
                    withAsterisk
                    maxLength={NAME_MAX}
                    autoComplete="off"
                    {...form.getInputProps('firstname')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Last name"
                    withAsterisk
                    maxLength={NAME_MAX}
                    autoComplete="off"
                    {...form.getInputProps('lastname')}
                  />
                </Grid.Col>
              </Grid>
            </FieldGroup>
            <ContactFields inputProps={(field) => form.getInputProps(field === 'phone' ? 'mobile' : field)} />
            <Text size="sm" c="dimmed">
              They get an e-mail to activate their account; their username is made from the e-mail address. Someone who
              already sells for another merchant is added with their account.
            </Text>
            <SubmitButton loading={invite.isPending}>Invite</SubmitButton>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
