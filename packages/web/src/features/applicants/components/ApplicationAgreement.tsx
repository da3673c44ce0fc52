import { ApplicantFormValues } from '@ebt/core/applicants';
import { Button, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { MessageBanner } from '../../../components/MessageBanner';
import { focusFirstError } from '../../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { formCheck } from '../../../lib/form-check';

/** A§5: the agreement box is required, with 'You must agree to the above statements to submit the application.' */
/** The rights statement's items (A§2 online application), in the page's language. */
const RIGHTS_ITEMS = [
  'application.rights1',
  'application.rights2',
  'application.rights3',
  'application.rights4',
  'application.rights5',
] as const;

const AgreementValues = z.object({ agree: ApplicantFormValues.shape.agree });

/** Step 3: the rights statement, the agreement box and the submit (A§2 "agreement"). */
export function ApplicationAgreement({
  failure,
  submitting,
  onBack,
  onSubmit,
}: {
  failure: string[];
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => Promise<void>;
}) {
  const { t } = useI18n();
  const form = useForm({
    mode: 'controlled',
    initialValues: { agree: false },
    validate: formCheck(AgreementValues, (values: { agree: boolean }) => values),
  });

  return (
    <form onSubmit={form.onSubmit(() => onSubmit(), focusFirstError(form.getInputNode))} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" bg="gray.0" component="section" aria-label={t('application.rightsStatement')}>
          <Stack gap="sm">
            <Text fw={600}>{t('application.rightsIntro')}</Text>
            <List spacing={6}>
              {RIGHTS_ITEMS.map((item) => t(item)).map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text fz="sm">{t('application.rightsNotice')}</Text>
          </Stack>
        </Paper>
        <Checkbox
          label={t('application.agreementLabel')}
          {...localizedInputProps(form.getInputProps)('agree', { type: 'checkbox' })}
        />
        <MessageBanner kind="danger" messages={failure} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={submitting}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('application.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
