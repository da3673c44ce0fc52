import { FILE_CHECK_MESSAGES, type FileCheckAnswer, type FileCheckOutcome, type FileCheckRow } from '@ebt/core/imports';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DataTable } from './DataTable';
import { MessageBanner } from './MessageBanner';

const OUTCOME_TEXT: Record<FileCheckOutcome, string> = {
  added: 'Would be added',
  updated: 'Would be updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

/**
 * What a checked file would do (decision 0117; staff pages, English): the totals, then each row (row number, what
 * would happen, its key, why a refused row is refused) with a filter (all / refused), and the two ways on: "Import
 * these rows" (the same file with the check's token) and "Choose another file". The heading takes focus when the
 * check answers, so a screen reader reads where it is; the totals are a status message.
 */
export function FileCheckResult({
  answer,
  fileName,
  keyLabel,
  onImport,
  onStartOver,
}: {
  answer: FileCheckAnswer;
  fileName: string;
  /** What the key column holds: 'Account ID', 'Authorization Number', 'Merchant ID'. */
  keyLabel: string;
  onImport: () => void;
  onStartOver: () => void;
}) {
  const [filter, setFilter] = useState<'all' | 'refused'>('all');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each new check's rows take focus, so a keyboard or screen reader user lands on them.
  useEffect(() => headingRef.current?.focus(), [answer]);
  const rows = filter === 'all' ? answer.rows : answer.rows.filter((r) => r.outcome === 'refused');
  const applicable = answer.added + answer.updated + answer.unchanged;
  return (
    <Stack gap="md" mt="lg">
      <Title order={2} ref={headingRef} tabIndex={-1}>
        Check of {fileName}
      </Title>
      <MessageBanner
        kind={answer.rejected > 0 ? 'warning' : 'info'}
        messages={[
          FILE_CHECK_MESSAGES.FILE_CHECKED,
          `Rows: ${answer.processed}. Would be added: ${answer.added}. Would be updated: ${answer.updated}. ` +
            `Unchanged: ${answer.unchanged}. Refused: ${answer.rejected}.`,
        ]}
      />
      <Group gap="sm">
        <Button onClick={onImport} disabled={applicable === 0}>
          Import these rows
        </Button>
        <Button variant="default" onClick={onStartOver}>
          Choose another file
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Rows shown"
        value={filter}
        onChange={(value) => setFilter(value as 'all' | 'refused')}
        data={[
          { value: 'all', label: `All rows (${answer.rows.length})` },
          { value: 'refused', label: `Refused (${answer.rows.filter((r) => r.outcome === 'refused').length})` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {answer.rowsTruncated && (
        <Text fz="sm">
          Only the first {answer.rows.length} rows are listed; the totals above count all {answer.processed}.
        </Text>
      )}
      <DataTable<FileCheckRow>
        caption={filter === 'all' ? 'Rows of the checked file' : 'Refused rows of the checked file'}
        rows={rows}
        rowKey={(row) => String(row.row)}
        emptyMessage="No row is refused."
        columns={[
          { key: 'row', header: 'Row', align: 'right', width: 80 },
          { key: 'outcome', header: 'What would happen', render: (row) => OUTCOME_TEXT[row.outcome] },
          { key: 'key', header: keyLabel, render: (row) => row.key || 'New' },
          { key: 'reasons', header: 'Why', render: (row) => row.reasons.join(' ') },
        ]}
      />
    </Stack>
  );
}
