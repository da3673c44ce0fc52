import { ACCOUNT_FILE_ACTION_LABEL, CARD_ISSUANCE_FALSE, CARD_ISSUANCE_TRUE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { ACCOUNT_FILE_COLUMNS } from '@ebt/core/recipients';
import { Anchor, Code, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { BackLink } from '../../../components/BackLink';
import { FileImportFields, FileImportOutcome } from '../../../components/FileImportOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { errorMessagesOf } from '../../../lib/errors';
import { useFileImport } from '../../../components/file-import';
import { useCallerPrograms } from '../../../lib/lookups';
import type { StaffBase } from '../../../lib/staff-base';
import { FileCheckResult } from '../../../components/FileCheckResult';
import { useCheckAccountFile, useImportAccountFile } from './api';
import { LoadingStatus } from '../../../components/LoadingStatus';

/** The sample the import ships (every column, one row of each action code), served by the web app. */
const SAMPLE_FILE = '/samples/account-file-sample.csv';
const TITLE = 'Import Recipients';

/** How to send the refused rows again: an applied 01 or 02 row sent twice adds the recipient twice. */
const ADVICE = (
  <Text>
    The other rows were applied. Correct these rows and upload a file with only them; a row that was applied must not be
    sent again with 01 or 02, or it adds the recipient twice.
  </Text>
);

/** The columns the file may have (docs/account-file.md), from the same definitions the server reads the file with. */
function FileLayout() {
  const headingId = useId();
  const yes = CARD_ISSUANCE_TRUE.join(', ');
  const no = CARD_ISSUANCE_FALSE.join(', ');
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} maw={960}>
      <Title order={2} id={headingId}>
        File layout
      </Title>
      <Text>
        The first row names the columns, in any order and any case; other columns are ignored. Each following row is one
        recipient, applied whole or not at all. Action codes:{' '}
        {Object.entries(ACCOUNT_FILE_ACTION_LABEL)
          .map(([code, label]) => `${code} ${label}`)
          .join(', ')}
        . Card issuance: {yes} for yes; {no} for no.
      </Text>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'start' }}>Columns of the account file</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Required</Table.Th>
            <Table.Th scope="col">What it holds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ACCOUNT_FILE_COLUMNS.map((column) => (
            <Table.Tr key={column.key}>
              <Table.Th scope="row" fw={600}>
                {column.header}
              </Table.Th>
              <Table.Td>{column.required ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>
                {column.help}
                {column.aliases.length > 0 && (
                  <Text fz="sm" c="dimmed" mt={4}>
                    Also read as: {column.aliases.join(', ')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * `{base}/recipient/file` (A§2 "Import Recipients", B§2 "Account file"): a CSV, XLS or XLSX file of at most 1 MB for one
 * program (required), sent with its progress. The answer says 'Account file processed.' with the rows processed,
 * added and updated, and lists each row it did not apply with its column and reason. No file, or an empty one, opens
 * the 'You must select an input file.' dialog (B§5).
 */
export default function RecipientFilePage({ base }: { base: StaffBase }) {
  const programs = useCallerPrograms();
  const importFile = useImportAccountFile();
  const checkFile = useCheckAccountFile();
  const [programUuid, setProgramUuid] = useState<string | null>(null);
  const [programError, setProgramError] = useState<string | null>(null);

  const choices = programs.data ?? [];
  // One program: it is the only choice, so it is chosen.
  const chosen = programUuid ?? (choices.length === 1 ? choices[0]!.programUuid : null);

  // B§5: no file, or an empty one, is answered with a dialog; the program is required too.
  const upload = useFileImport(importFile, {
    title: TITLE,
    check: checkFile,
    fieldsOf: () => {
      if (chosen) return { programUuid: chosen };
      setProgramError(MESSAGES.FIELD_REQUIRED);
      document.getElementById('account-file-program')?.focus();
      return null;
    },
  });

  const back = <BackLink to={`/${base}/recipients`}>Recipient search</BackLink>;

  if (programs.isPending) {
    return (
      <Page title={TITLE} actions={back}>
        <LoadingStatus label="Loading programs" />
      </Page>
    );
  }

  return (
    <Page title={TITLE} actions={back}>
      {programs.isError && <MessageBanner kind="danger" messages={errorMessagesOf(programs.error)} />}
      {programs.isSuccess && choices.length === 0 && (
        <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
      )}
      <Paper withBorder p="lg" maw={720}>
        <form onSubmit={(event) => void upload.submit(event)} noValidate>
          <Stack gap="md">
            <Text>
              Each row adds a recipient (action code <Code>01</Code>, or <Code>02</Code> to add them Inactive) or
              updates one by its Account ID (code <Code>03</Code>). Start from the{' '}
              <Anchor href={SAMPLE_FILE} download="account-file-sample.csv">
                sample file
                <IconDownload aria-hidden size={14} style={{ verticalAlign: 'middle', marginLeft: 4 }} />
              </Anchor>
              ; the columns are described below.
            </Text>
            <Select
              id="account-file-program"
              label="Program"
              placeholder="Choose a program"
              withAsterisk
              required
              data={choices.map((p) => ({ value: p.programUuid, label: p.programName }))}
              value={chosen}
              onChange={(value) => {
                setProgramUuid(value);
                setProgramError(null);
                upload.clear();
              }}
              error={programError}
              allowDeselect={false}
              searchable={choices.length > 8}
              disabled={upload.fields.pending}
            />
            <FileImportFields
              label="Account file"
              tooLargeMessage={MESSAGES.ACCOUNT_FILE_TOO_LARGE}
              {...upload.fields}
            />
          </Stack>
        </form>
      </Paper>

      {upload.check && <FileCheckResult {...upload.check} keyLabel="Account ID" />}
      <FileImportOutcome {...upload.outcome} verb="applied" advice={ADVICE} />
      <FileLayout />
    </Page>
  );
}
