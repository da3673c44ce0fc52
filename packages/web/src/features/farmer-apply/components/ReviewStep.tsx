import { Text } from '@mantine/core';
import { useI18n } from '../../../lib/i18n';
import type { StepName } from '../application-form';
import { summaryOfValues } from '../summary';
import { ApplicationSummary } from './ApplicationSummary';
import type { StepProps } from './step-props';

/** Step 7: everything once more, an Edit per step, then the submit. */
export function ReviewStep({ form, programs, kept, onEdit }: StepProps & { onEdit: (step: StepName) => void }) {
  const { t, language } = useI18n();
  const values = form.getValues();
  return (
    <>
      <Text>{t('farmerApply.reviewIntro')}</Text>
      <ApplicationSummary summary={summaryOfValues(values, programs, language, kept)} onEdit={onEdit} />
      <Text>{t('farmerApply.signedBy', { name: values.signature.trim() })}</Text>
    </>
  );
}
