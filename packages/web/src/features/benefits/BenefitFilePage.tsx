import { benefitApi } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadLink } from '../../components/DownloadLink';
import { FileImportFields, FileImportOutcome } from '../../components/FileImportOutcome';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useFileImport } from '../../components/file-import';
import { useCallerPrograms } from '../../lib/lookups';
import { FileCheckResult } from '../../components/FileCheckResult';
import { useCheckBenefitFile, useUploadBenefitFile } from './api';
import { issuablePrograms } from './issue-form';
import { LoadingStatus } from '../../components/LoadingStatus';

/**
 * `/program/benefit/file` (A§2 Upload Benefit File, program side only): a CSV, XLS or XLSX file of at most 1 MB
 * for one program, sent with its progress; the answer says 'Benefit file processed.' with the rows processed,
 * benefits added and updated, and lists each row it could not take with its column and reason.
 */
export default function BenefitFilePage() {
  const programs = useCallerPrograms();
  const uploadFile = useUploadBenefitFile();
  const checkFile = useCheckBenefitFile();
  const [programUuid, setProgramUuid] = useState<string | null>(null);

  // Rows of a disabled program are refused by the server; the select offers only the programs that can take them.
  const choices = issuablePrograms(programs.data ?? []);
  const chosen = programUuid ?? (choices.length === 1 ? choices[0]!.programUuid : null);

  // B§5 (and A§5 by the same rule): no file, or an empty one, is answered with a dialog.
  const upload = useFileImport(uploadFile, {
    title: 'Upload Benefit File',
    fieldsOf: () => ({ programUuid: chosen }),
    check: checkFile,
  });

  if (programs.isPending) {
    return (
      <Page title="Upload Benefit File">
        <LoadingStatus label="Loading programs" />
      </Page>
    );
  }

  return (
    <Page
      title="Upload Benefit File"
      actions={
        <Button component={Link} to="/program/benefits" variant="default">
          Back to benefits
        </Button>
      }
    >
      {programs.isError && <MessageBanner kind="danger" messages={errorMessagesOf(programs.error)} />}
      <Paper withBorder p="lg" maw={720}>
        <form onSubmit={(event) => void upload.submit(event)} noValidate>
          <Stack gap="md">
            <Text>
              Each row issues a benefit, or updates the issued benefit with the same authorization number. Use the
              columns of the{' '}
              <DownloadLink endpoint={benefitApi.fileSample} fileName="benefit-file-sample.csv">
                sample file
              </DownloadLink>
              .
            </Text>
            <Select
              label="Program"
              placeholder="Named in the file"
              description="The program of rows that name none. Leave empty when the file has a Program column."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={choices.map((p) => ({ value: p.programUuid, label: p.programName }))}
              clearable={choices.length > 1}
              value={chosen}
              onChange={(value) => {
                setProgramUuid(value);
                upload.clear();
              }}
            />
            <FileImportFields
              label="Benefit file"
              tooLargeMessage={MESSAGES.BENEFIT_FILE_TOO_LARGE}
              {...upload.fields}
            />
          </Stack>
        </form>
      </Paper>

      {upload.check && <FileCheckResult {...upload.check} keyLabel="Authorization Number" />}
      <FileImportOutcome {...upload.outcome} verb="imported" />
    </Page>
  );
}
