import type { FarmerApplicationEvent } from '@ebt/core/farmer-applications';
import { Stack, Text } from '@mantine/core';
import { DateText } from '../../../components/DateText';
import { DetailSection } from '../../../components/DetailSection';
import { EVENT_LABEL } from '../labels';

/** Who did what when, oldest first, with the note or reason given. */
export function HistorySection({ history }: { history: readonly FarmerApplicationEvent[] }) {
  return (
    <DetailSection title="History">
      {history.length === 0 ? (
        <Text>Nothing happened yet.</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} pl="lg" aria-label="History">
          {history.map((event, index) => (
            <li key={index} data-testid="history-event">
              <Text fw={600}>{EVENT_LABEL[event.action]}</Text>
              <Text fz="sm">
                <DateText value={event.at} />
                {event.by ? ` · by ${event.by}` : ''}
              </Text>
              {event.note && (
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {event.action === 'refused' ? 'Reason: ' : 'Note: '}
                  {event.note}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}
