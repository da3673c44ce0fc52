import type { ApplicationProgram } from '@ebt/core/applicants';
import { US_STATES } from '@ebt/core/enums';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { ApplicantValues } from './ApplicantForm';
import { useI18n } from '../../../lib/i18n';

const formatPhone = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
};

/** Step 2 (A§2 "review (edit or continue)"): what will be sent, read only. */
export function ApplicantReview({
  values,
  programs,
  onEdit,
  onContinue,
}: {
  values: ApplicantValues;
  programs: ApplicationProgram[];
  onEdit: () => void;
  onContinue: () => void;
}) {
  const { t } = useI18n();
  const program = programs.find((p) => String(p.programId) === values.programId)?.programName ?? '';
  const state = US_STATES.find((s) => s.code === values.stateId)?.name ?? values.stateId;
  const name = [values.firstname, values.middlename, values.lastname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const rows: [string, string][] = [
    [t('application.program'), program],
    [t('application.name'), name],
    [t('kit.address1'), values.address1.trim()],
    [t('kit.address2'), values.address2.trim() || t('application.none')],
    [t('kit.city'), values.city.trim()],
    [t('kit.state'), state],
    [t('kit.zipcode'), values.zipcode.trim()],
    [t('kit.email'), values.email.trim()],
    [t('application.phone'), formatPhone(values.mobilePhone.trim())],
  ];

  return (
    <Stack gap="lg">
      <Text>{t('application.reviewIntro')}</Text>
      <Box component="dl" m={0} data-testid="application-review">
        {rows.map(([label, value]) => (
          <Group
            key={label}
            gap="xs"
            py={8}
            wrap="wrap"
            align="baseline"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text component="dt" fw={600} w={{ base: '100%', xs: 160 }} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {value}
            </Text>
          </Group>
        ))}
      </Box>
      <Group justify="space-between">
        <Button variant="default" onClick={onEdit}>
          {t('common.edit')}
        </Button>
        <Button onClick={onContinue}>{t('common.continue')}</Button>
      </Group>
    </Stack>
  );
}
