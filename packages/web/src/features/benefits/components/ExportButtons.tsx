import { BENEFIT_EXPORT_ROW_CAP } from '@ebt/core/benefits';
import { Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { downloadFile } from '../../../lib/download';
import { errorMessagesOf } from '../../../lib/errors';
import { cleanCriteria } from '../../../lib/search';
import type { BenefitCriteria } from '../criteria';

type ExportType = 'csv' | 'xlsx';

/**
 * Exports the benefits the current search finds (A§7 GET /benefit-api/benefit/export; exportType=xlsx for Excel,
 * CSV otherwise). Each button shows it is busy until the file has arrived; a refusal shows the server's reason.
 */
export function ExportButtons({ criteria, disabled }: { criteria: BenefitCriteria; disabled: boolean }) {
  const [busy, setBusy] = useState<ExportType | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [truncated, setTruncated] = useState(false);

  const exportAs = async (type: ExportType) => {
    setBusy(type);
    setError(null);
    setTruncated(false);
    const query: Record<string, string | undefined> = { ...(cleanCriteria(criteria) as Record<string, string>) };
    if (type === 'xlsx') query.exportType = 'xlsx';
    try {
      const file = await downloadFile('/benefit-api/benefit/export', query, `benefits.${type}`);
      setTruncated(file.truncated);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="sm">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload aria-hidden size={16} />}
          loading={busy === 'csv'}
          disabled={disabled || busy !== null}
          onClick={() => void exportAs('csv')}
        >
          Export CSV
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload aria-hidden size={16} />}
          loading={busy === 'xlsx'}
          disabled={disabled || busy !== null}
          onClick={() => void exportAs('xlsx')}
        >
          Export Excel
        </Button>
      </Group>
      {error !== null && (
        <MessageBanner kind="danger" messages={errorMessagesOf(error)} onClose={() => setError(null)} />
      )}
      {truncated && (
        <MessageBanner
          kind="info"
          messages={`The file holds the first ${BENEFIT_EXPORT_ROW_CAP.toLocaleString('en-US')} benefits. Narrow the search to export the rest.`}
          onClose={() => setTruncated(false)}
        />
      )}
    </Stack>
  );
}
