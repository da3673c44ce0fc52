import type { AnyEndpoint } from '@ebt/core/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFrom } from '../lib/download';
import { errorMessagesOf } from '../lib/errors';
import { cleanCriteria } from '../lib/search';
import { MessageBanner } from './MessageBanner';

type ExportType = 'csv' | 'xlsx';

export interface ExportButtonsProps {
  /** The area's export endpoint (A§7: the account export, the benefit export): an exportEndpoint of core. */
  endpoint: AnyEndpoint;
  /** The submitted search's criteria; blanks are dropped, as the search sends them. */
  criteria: object;
  /** The file's name when the answer names none, without the extension ('recipients'). */
  fileName: string;
  /** Shown when the server says the file stops at its row cap (X-Export-Truncated), e.g. core's EXPORT_TRUNCATED. */
  truncatedMessage: string;
  disabled?: boolean;
}

/**
 * Export CSV and Export Excel of the current search (A§7: exportType=xlsx for Excel, CSV otherwise). The button
 * pressed shows it is busy until the file has arrived, the other waits; a refusal shows the server's reason, and a
 * file cut at the export cap says so.
 */
export function ExportButtons({
  endpoint,
  criteria,
  fileName,
  truncatedMessage,
  disabled = false,
}: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportType | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const [truncated, setTruncated] = useState(false);

  const exportAs = async (type: ExportType) => {
    setBusy(type);
    setProblem([]);
    setTruncated(false);
    const query: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(cleanCriteria({ ...criteria }))) query[name] = String(value);
    if (type === 'xlsx') query.exportType = 'xlsx';
    try {
      const file = await downloadFrom(endpoint, { query } as never, `${fileName}.${type}`);
      setTruncated(file.truncated);
    } catch (failure) {
      setProblem(errorMessagesOf(failure));
    } finally {
      setBusy(null);
    }
  };

  const button = (type: ExportType, label: string, icon: typeof IconFileTypeCsv) => {
    const Icon = icon;
    return (
      <Button
        variant="default"
        size="sm"
        leftSection={<Icon aria-hidden size={18} />}
        loading={busy === type}
        disabled={disabled || (busy !== null && busy !== type)}
        onClick={() => void exportAs(type)}
      >
        {label}
      </Button>
    );
  };

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="xs">
        {button('csv', 'Export CSV', IconFileTypeCsv)}
        {button('xlsx', 'Export Excel', IconFileSpreadsheet)}
      </Group>
      <MessageBanner kind="danger" messages={problem} onClose={() => setProblem([])} />
      <MessageBanner kind="info" messages={truncated ? truncatedMessage : []} onClose={() => setTruncated(false)} />
    </Stack>
  );
}
