import { MESSAGES } from '@ebt/core/messages';
import type { ProgramUser } from '@ebt/core/program-admins';
import { Button, Stack, TextInput, Title, type TitleOrder } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessagesOf } from '../lib/errors';
import { personName } from '../lib/person';
import {
  EMPTY_USER_FINDER,
  hasUserFinderCriterion,
  USER_FINDER_MAX,
  userFinderQuery,
  useUserFinder,
  validateUserFinder,
  type UserFinderValues,
} from '../lib/user-finder';
import { DataTable, type DataTableColumn } from './DataTable';
import { MessageBanner } from './MessageBanner';
import { SearchForm } from './SearchForm';

export interface UserFinderProps {
  /** The section's heading: 'Add Program Admin', 'Add Admin', 'Add Admin/User'. */
  title: string;
  headingOrder?: TitleOrder;
  /** What the user is added to, named in the form's and the results' accessible names ('Hartford Market'). */
  targetName: string;
  /** The roles looked for (resolution 2). */
  roleIds: readonly number[];
  /** Shows each user's role (the agency's finder looks for two roles). */
  showRole?: boolean;
  /** The accessible name of a row's Add button ('Add jdoe to the agency'). */
  addLabel: (row: ProgramUser) => string;
  onAdd: (row: ProgramUser) => void;
  /** The user being added, whose button shows it is busy. */
  addingUserUuid?: string | null;
}

/**
 * The search a screen adds users from (lib/user-finder.ts): username, e-mail and last name, at least one; each user
 * found has an Add button. What adding means (its confirmation, its request, its outcome) stays with the screen.
 */
export function UserFinder({
  title,
  headingOrder = 3,
  targetName,
  roleIds,
  showRole = false,
  addLabel,
  onAdd,
  addingUserUuid,
}: UserFinderProps) {
  const headingId = useId();
  const [values, setValues] = useState<UserFinderValues>(EMPTY_USER_FINDER);
  const [query, setQuery] = useState<Record<string, string> | null>(null);
  const errors = validateUserFinder(values);
  const found = useUserFinder(query);

  const field = (name: keyof UserFinderValues, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={values[name]}
      maxLength={USER_FINDER_MAX[name]}
      error={errors[name]}
      autoComplete="off"
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  const columns: DataTableColumn<ProgramUser>[] = [
    { key: 'username', header: 'Username' },
    { key: 'name', header: 'Name', render: (row) => personName(row) },
    { key: 'email', header: 'Email' },
    ...(showRole ? [{ key: 'roleDescr', header: 'Role' } satisfies DataTableColumn<ProgramUser>] : []),
    {
      key: 'add',
      header: 'Action',
      render: (row) => (
        <Button
          size="xs"
          onClick={() => onAdd(row)}
          loading={addingUserUuid === row.userUuid}
          aria-label={addLabel(row)}
        >
          Add
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} id={headingId}>
        {title}
      </Title>
      <SearchForm
        label={`${title} search for ${targetName}`}
        canSearch={hasUserFinderCriterion(values) && Object.keys(errors).length === 0}
        requirementMessage={MESSAGES.USER_SEARCH_CRITERIA_REQUIRED}
        loading={found.isFetching}
        onSubmit={() => setQuery(userFinderQuery(values, roleIds))}
        onClear={() => {
          setValues(EMPTY_USER_FINDER);
          setQuery(null);
        }}
      >
        {field('username', 'Username')}
        {field('email', 'Email', 'email')}
        {field('lastname', 'Last Name')}
      </SearchForm>
      <MessageBanner kind="danger" messages={found.isError ? errorMessagesOf(found.error) : []} />
      {query && found.isSuccess && (
        <DataTable
          columns={columns}
          rows={found.data}
          rowKey={(row) => row.userUuid}
          caption={`Users found for ${targetName}`}
          emptyMessage={MESSAGES.NO_USERS_FOUND}
        />
      )}
    </Stack>
  );
}
