import { MERCHANT_FILE_ACTION_LABEL } from '@ebt/core/enums';
import { MERCHANT_FILE_COLUMNS, merchantApi } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DownloadLink } from '../../components/DownloadLink';
import { FileImportFields, FileImportOutcome } from '../../components/FileImportOutcome';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { useFileImport } from '../../components/file-import';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { FileCheckResult } from '../../components/FileCheckResult';
import { useCheckMerchantFile, useImportMerchantFile } from './file-api';

const TITLE = 'Import Merchants';

/** How to send the refused rows again: an applied 01 or 02 row sent twice adds the merchant twice. */
const ADVICE = (
  <Text>
    The other rows were applied. Correct these rows and upload a file with only them; a row that was applied must not be
    sent again with 01 or 02, or it adds the merchant twice.
  </Text>
);

/** The columns the file may have (docs/merchant-file.md), from the definitions the server reads the file with. */
function FileLayout() {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} maw={960}>
      <Title order={2} id={headingId}>
        File layout
      </Title>
      <Text>
        The first row names the columns, in any order and any case; other columns are ignored. Each following row is one
        merchant, applied whole or not at all. Action codes:{' '}
        {Object.entries(MERCHANT_FILE_ACTION_LABEL)
          .map(([code, label]) => `${code} ${label}`)
          .join(', ')}
        .
      </Text>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'start' }}>Columns of the merchant file</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Required</Table.Th>
            <Table.Th scope="col">What it holds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MERCHANT_FILE_COLUMNS.map((column) => (
            <Table.Tr key={column.key}>
              <Table.Th scope="row" fw={600}>
                {column.header}
              </Table.Th>
              <Table.Td>{column.required ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{column.help}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * `{base}/merchant/file` (B§2 "Merchant file upload", B§5 Files): a CSV, XLS or XLSX file of at most
 * 1 MB ('Merchant file size cannot be greater than 1MB.' when picked), sent with its progress. The answer says
 * 'Merchant file processed.' with the rows processed, added and updated, and lists each row not applied with its
 * column and reason. Only for MERCHANT_ADD (the server answers 403 to anyone else; the screen says so first).
 */
export default function MerchantFilePage({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const importFile = useImportMerchantFile();
  const checkFile = useCheckMerchantFile();
  // B§5: no file, or an empty one, is answered with the 'You must select an input file.' dialog.
  const upload = useFileImport(importFile, { title: TITLE, fieldsOf: () => ({}), check: checkFile });

  const back = (
    <Anchor component={Link} to={`/${base}/merchants`} fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Merchant search
    </Anchor>
  );

  if (!user.privileges.includes(PRIVILEGE.MERCHANT_ADD)) {
    return (
      <Page title={TITLE} actions={back}>
        <MessageBanner kind="danger" messages={MESSAGES.PRIVILEGE_ERROR} />
      </Page>
    );
  }

  return (
    <Page title={TITLE} actions={back}>
      <Paper withBorder p="lg" maw={720}>
        <form onSubmit={(event) => void upload.submit(event)} noValidate>
          <Stack gap="md">
            <Text>
              Each row adds a merchant (action code 01, or 02 to add it Inactive), disables one (03), updates one (04)
              or its bank information (05), in one of your programs named by its short name. Start from the{' '}
              <DownloadLink endpoint={merchantApi.fileSample} fileName="merchant-file-sample.csv">
                sample file
              </DownloadLink>
              ; the columns are described below.
            </Text>
            <FileImportFields
              label="Merchant file"
              tooLargeMessage={MESSAGES.MERCHANT_FILE_TOO_LARGE}
              {...upload.fields}
            />
          </Stack>
        </form>
      </Paper>

      {upload.check && <FileCheckResult {...upload.check} keyLabel="Merchant ID" />}
      <FileImportOutcome {...upload.outcome} verb="applied" advice={ADVICE} />
      <FileLayout />
    </Page>
  );
}
