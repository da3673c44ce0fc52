import type { FarmerApplicationDuplicate } from '@ebt/core/farmer-applications';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WARNING_BADGE_COLOR } from '../../../components/badge-colors';
import { DetailSection } from '../../../components/DetailSection';
import type { StaffBase } from '../../../lib/staff-base';
import { DUPLICATE_FIELD_LABEL, duplicateKindText } from '../labels';

/** Where a duplicate opens in this portal: the merchant's page or the other application's. */
export function duplicatePath(base: StaffBase, duplicate: FarmerApplicationDuplicate): string {
  return duplicate.kind === 'merchant'
    ? `/${base}/merchant/${duplicate.uuid}`
    : `/${base}/farmer-applications/${duplicate.uuid}`;
}

/**
 * "Possible duplicates": every merchant or other application that shares the tax ID, bank account, e-mail or farm
 * address with this one, each with what it shares as badges (words, not colour alone) and a link when the caller
 * may open it (one of their programs); one outside their programs is named but not linked.
 */
export function DuplicatesPanel({
  duplicates,
  base,
  undecided,
}: {
  duplicates: readonly FarmerApplicationDuplicate[];
  base: StaffBase;
  /** While the application waits for a decision the panel asks to check them first. */
  undecided: boolean;
}) {
  return (
    <DetailSection title="Possible duplicates">
      {duplicates.length === 0 ? (
        <Text>No merchant or other application shares the tax ID, bank account, e-mail or farm address.</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle aria-hidden size={20} color={WARNING_BADGE_COLOR} style={{ flexShrink: 0 }} />
            <Text>
              {duplicates.length === 1
                ? 'One merchant or application shares details with this one.'
                : `${duplicates.length} merchants or applications share details with this one.`}
              {undecided && (duplicates.length === 1 ? ' Check it before deciding.' : ' Check them before deciding.')}
            </Text>
          </Group>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Possible duplicates">
            {duplicates.map((duplicate) => (
              <li key={`${duplicate.kind}:${duplicate.uuid}`} data-testid="duplicate">
                <Stack gap={4}>
                  <Text>
                    {duplicate.inScope ? (
                      <Anchor component={Link} to={duplicatePath(base, duplicate)} fw={600}>
                        {duplicateKindText(duplicate)}
                      </Anchor>
                    ) : (
                      <Text span fw={600}>
                        {duplicateKindText(duplicate)}
                      </Text>
                    )}{' '}
                    · {duplicate.name}
                    {!duplicate.inScope && (
                      <Text span c="dimmed" fz="sm">
                        {' '}
                        (in a program you do not manage)
                      </Text>
                    )}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text span fz="sm">
                      Same:
                    </Text>
                    {duplicate.fields.map((field) => (
                      <Badge key={field} color={WARNING_BADGE_COLOR} variant="outline" size="sm" tt="none">
                        {DUPLICATE_FIELD_LABEL[field]}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </DetailSection>
  );
}
