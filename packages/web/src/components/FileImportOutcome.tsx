import type { FileImportAnswer } from '@ebt/core/imports';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { errorMessagesOf } from '../lib/errors';
import { FilePicker, UploadSubmit } from './FilePicker';
import { FileRowErrors } from './FileRowErrors';
import { MessageBanner } from './MessageBanner';

/**
 * What a file import answered (A§8 'Benefit file processed.', B§8 'Account file processed.', with the rows processed,
 * added and updated): the counts, then each refused row with its column and reason. `verb` names what a row was not
 * ('applied', 'imported'); `advice` says how to send the refused rows again, which depends on the file.
 */
export function FileImportOutcome({
  answer,
  error,
  verb,
  advice,
  ref,
}: {
  /** The answer of the last upload, or null. */
  answer: FileImportAnswer | null;
  /** The upload's failure (the whole file refused), or null: shown with the server's reasons instead. */
  error: unknown;
  verb: string;
  advice?: ReactNode;
  /** The banner, for moving focus to the outcome once it shows. */
  ref?: Ref<HTMLDivElement>;
}) {
  if (error) return <MessageBanner ref={ref} kind="danger" messages={errorMessagesOf(error)} />;
  if (!answer) return null;
  const refused = answer.rejected > 0 || answer.errors.length > 0;
  return (
    <Stack gap="md">
      <MessageBanner
        ref={ref}
        kind={refused ? 'warning' : 'success'}
        messages={[
          answer.message,
          fillMessage(MESSAGES.FILE_PROCESSED_COUNTS, {
            processed: answer.processed,
            added: answer.added,
            updated: answer.updated,
          }),
          `Unchanged: ${answer.unchanged}. Not ${verb}: ${answer.rejected}.`,
        ]}
      />
      {answer.errors.length > 0 && (
        <Stack gap="sm">
          <Title order={2}>
            {answer.rejected === 1 ? `1 row was not ${verb}` : `${answer.rejected} rows were not ${verb}`}
          </Title>
          {advice}
          {answer.errorsTruncated && <Text fz="sm">Only the first {answer.errors.length} problems are listed.</Text>}
          <FileRowErrors errors={answer.errors} caption={`Rows not ${verb}`} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The file field and the Upload button of an import form (A§5, B§5): the accepted types and size limit are checked
 * when the file is picked; the button shows the upload's progress while it runs.
 */
export function FileImportFields({
  label,
  tooLargeMessage,
  file,
  onFileChange,
  pending,
  percent,
  pickerId,
  onCheck,
}: {
  label: string;
  tooLargeMessage: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  pending: boolean;
  percent: number;
  /** The file field's id (useFileImport moves focus there when the user starts over). */
  pickerId?: string;
  /** Shows "Check file" beside Upload: runs the import without writing anything (decision 0117). */
  onCheck?: () => void;
}) {
  return (
    <>
      <FilePicker
        id={pickerId}
        label={label}
        withAsterisk
        tooLargeMessage={tooLargeMessage}
        value={file}
        onChange={onFileChange}
        disabled={pending}
      />
      <UploadSubmit
        pending={pending}
        percent={percent}
        file={file}
        before={
          onCheck && (
            <Button
              variant="default"
              onClick={onCheck}
              disabled={pending}
              leftSection={<IconListCheck aria-hidden size={18} />}
            >
              Check file
            </Button>
          )
        }
      />
    </>
  );
}
