import { Button, Group, List, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { displayPhone } from '../../../lib/person';
import { useI18n } from '../../../lib/i18n';
import type { StepName } from '../application-form';
import { addressLine, type ApplicationSummaryData } from '../summary';

function Section({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: StepName;
  onEdit?: (step: StepName) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const id = `summary-${step}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="h4" id={id}>
            {title}
          </Title>
          {onEdit && (
            <Button
              variant="subtle"
              style={{ flexShrink: 0 }}
              onClick={() => onEdit(step)}
              aria-label={`${t('common.edit')}: ${title}`}
            >
              {t('common.edit')}
            </Button>
          )}
        </Group>
        <FieldList cols={{ base: 1, sm: 2 }}>{children}</FieldList>
      </Stack>
    </Paper>
  );
}

/**
 * An application's facts by step: what the review shows before sending (with an Edit per step) and what the status
 * page shows of the stored application. Tax id and account number are masked.
 */
export function ApplicationSummary({
  summary,
  onEdit,
}: {
  summary: ApplicationSummaryData;
  onEdit?: (step: StepName) => void;
}) {
  const { t } = useI18n();
  const yesNo = (value: string) => (value === 'yes' ? t('common.yes') : value === 'no' ? t('common.no') : value);
  const bank = summary.bank;
  return (
    <Stack gap="md" data-testid="application-summary">
      <Section title={t('farmerApply.stepPrograms')} step="programs" onEdit={onEdit}>
        <ReadOnlyField
          label={t('farmerApply.programs')}
          value={
            summary.programs.length > 0 && (
              <List spacing={2}>
                {summary.programs.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            )
          }
        />
        <ReadOnlyField label={t('farmerApply.farmName')} value={summary.farmName} />
        <ReadOnlyField label={t('farmerApply.contactPerson')} value={summary.contactName} />
        <ReadOnlyField label={t('farmerApply.businessPhone')} value={displayPhone(summary.businessPhone)} />
      </Section>
      <Section title={t('farmerApply.stepContact')} step="contact" onEdit={onEdit}>
        <ReadOnlyField label={t('kit.email')} value={summary.email} />
        <ReadOnlyField label={t('kit.mobilePhone')} value={displayPhone(summary.mobilePhone)} />
      </Section>
      <Section title={t('farmerApply.stepFarm')} step="farm" onEdit={onEdit}>
        <ReadOnlyField label={t('farmerApply.farmAddress')} value={addressLine(summary.farmAddress)} />
        <ReadOnlyField
          label={t('farmerApply.mailingAddress')}
          value={summary.mailingAddress ? addressLine(summary.mailingAddress) : t('farmerApply.sameAsFarm')}
        />
        <ReadOnlyField
          label={t('farmerApply.markets')}
          value={
            summary.markets.length > 0 && (
              <List spacing={2}>
                {summary.markets.map((market, index) => (
                  <List.Item key={index}>
                    {[market.name, market.city, market.when].filter((part) => part !== '').join(' · ')}
                  </List.Item>
                ))}
              </List>
            )
          }
        />
        <ReadOnlyField label={t('farmerApply.crops')} value={summary.crops} />
      </Section>
      {summary.answers.length > 0 && (
        <Section title={t('farmerApply.stepQuestions')} step="questions" onEdit={onEdit}>
          {summary.answers.map((answer, index) => (
            <ReadOnlyField key={index} label={answer.label} value={yesNo(answer.value)} />
          ))}
        </Section>
      )}
      <Section title={t('farmerApply.stepPayout')} step="payout" onEdit={onEdit}>
        <ReadOnlyField
          label={t('farmerApply.tinType')}
          value={summary.tinTypeId === 1 ? 'SSN' : summary.tinTypeId === 2 ? 'EIN' : ''}
        />
        <ReadOnlyField label={t('farmerApply.taxId')} value={summary.taxId} />
        {bank && (
          <>
            <ReadOnlyField label={t('farmerApply.bankName')} value={bank.bankName} />
            <ReadOnlyField label={t('farmerApply.routing')} value={bank.routingNumber} />
            <ReadOnlyField label={t('farmerApply.account')} value={bank.accountNumber} />
            <ReadOnlyField
              label={t('farmerApply.accountType')}
              value={
                bank.bankAccountType === 0
                  ? t('farmerApply.checking')
                  : bank.bankAccountType === 1
                    ? t('farmerApply.savings')
                    : ''
              }
            />
            <ReadOnlyField label={t('farmerApply.holder')} value={bank.holder} />
          </>
        )}
      </Section>
    </Stack>
  );
}
