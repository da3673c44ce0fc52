import { MESSAGES, fillMessage } from '@ebt/core/messages';
import { Anchor, Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FileRowErrors } from '../../components/FileRowErrors';
import { showNotice } from '../../components/ConfirmDialog';
import { FilePicker, UploadSubmit } from '../../components/FilePicker';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms, useUploadBenefitFile, type BenefitFileOutcome } from './api';
import { issuablePrograms } from './issue-form';
import { LoadingStatus } from '../../components/LoadingStatus';

/** The sample the import ships (columns and one row of each kind), served by the web app. */
const SAMPLE_FILE = '/samples/benefit-file-sample.csv';

/**
 * `/program/benefit/file` (A§2 Upload Benefit File, program side only): a CSV, XLS or XLSX file of at most 1 MB
 * for one program, sent with its progress; the answer says 'Benefit file processed.' with the rows processed,
 * benefits added and updated, and lists each row it could not take with its column and reason.
 */
export default function BenefitFilePage() {
  const programs = useCallerPrograms();
  const upload = useUploadBenefitFile();
  const [programUuid, setProgramUuid] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<BenefitFileOutcome | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // Rows of a disabled program are refused by the server; the select offers only the programs that can take them.
  const choices = issuablePrograms(programs.data ?? []);
  const chosen = programUuid ?? (choices.length === 1 ? choices[0]!.programUuid : null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    upload.reset();
    // B§5 (and A§5 by the same rule): no file, or an empty one, is answered with a dialog.
    if (!file || file.size === 0) {
      showNotice({ title: 'Upload Benefit File', message: MESSAGES.FILE_REQUIRED });
      return;
    }
    setPercent(0);
    try {
      setOutcome(await upload.mutateAsync({ programUuid: chosen, file, onProgress: setPercent }));
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch {
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  };

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
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text>
              Each row issues a benefit, or updates the issued benefit with the same authorization number. Use the
              columns of the{' '}
              <Anchor href={SAMPLE_FILE} download="benefit-file-sample.csv">
                sample file <IconDownload aria-hidden size={14} style={{ verticalAlign: 'middle' }} />
              </Anchor>
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
              onChange={setProgramUuid}
            />
            <FilePicker
              label="Benefit file"
              withAsterisk
              tooLargeMessage={MESSAGES.BENEFIT_FILE_TOO_LARGE}
              value={file}
              onChange={(next) => {
                setFile(next);
                setOutcome(null);
                upload.reset();
              }}
              disabled={upload.isPending}
            />
            <UploadSubmit pending={upload.isPending} percent={percent} file={file} />
          </Stack>
        </form>
      </Paper>

      {upload.isError && <MessageBanner ref={resultRef} kind="danger" messages={errorMessagesOf(upload.error)} />}
      {outcome && (
        <Stack gap="md">
          <MessageBanner
            ref={resultRef}
            kind={outcome.errors.length > 0 ? 'warning' : 'success'}
            messages={[
              MESSAGES.BENEFIT_FILE_PROCESSED,
              fillMessage(MESSAGES.FILE_PROCESSED_COUNTS, {
                processed: outcome.processed,
                added: outcome.added,
                updated: outcome.updated,
              }),
              `Unchanged: ${outcome.unchanged}. Not imported: ${outcome.rejected}.`,
            ]}
          />
          {outcome.errors.length > 0 && (
            <Stack gap="sm">
              <Title order={2}>
                {outcome.errors.length === 1
                  ? '1 problem in the file'
                  : `${outcome.errors.length} problems in the file`}
              </Title>
              {outcome.errorsTruncated && (
                <Text fz="sm">
                  Only the first {outcome.errors.length} problems are listed; fix them and upload the file again.
                </Text>
              )}
              <FileRowErrors errors={outcome.errors} caption="Rows not imported" />
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  );
}
