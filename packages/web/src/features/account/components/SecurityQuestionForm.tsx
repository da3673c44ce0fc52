import { SecurityAnswerBody, type SecurityQuestion } from '@ebt/core/account';
import { SECURITY_ANSWER_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { formCheck } from '../../../lib/form-check';
import { focusFirstError } from '../../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { useSetSecurityAnswer } from '../api';

/** A§5 "Security answer": question required; answer required, 2 to 100 characters. The select holds the id as text. */
type SecurityQuestionValues = { questionId: string; answer: string };

/** accountApi.setSecurityAnswer's body as the form holds it: a question not chosen is left out. */
const answerInput = (values: SecurityQuestionValues) => ({
  questionId: values.questionId === '' ? undefined : Number(values.questionId),
  answer: values.answer,
});

/** Security question (A§2 Account page): pick one of the listed questions and give a new answer. */
export function SecurityQuestionForm({
  questions,
  currentQuestionId,
}: {
  questions: SecurityQuestion[];
  currentQuestionId: number | undefined;
}) {
  const { t } = useI18n();
  const save = useSetSecurityAnswer();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<SecurityQuestionValues>({
    mode: 'controlled',
    initialValues: { questionId: currentQuestionId === undefined ? '' : String(currentQuestionId), answer: '' },
    validate: formCheck(SecurityAnswerBody, answerInput),
    onValuesChange: () => setSuccess(null),
  });

  const inputProps = localizedInputProps(form.getInputProps);

  const handleSubmit = form.onSubmit(async (values) => {
    setSuccess(null);
    try {
      await save.mutateAsync(SecurityAnswerBody.parse(answerInput(values)));
      form.setFieldValue('answer', '');
      setSuccess(MESSAGES.SECURITY_QUESTION_UPDATED);
    } catch {
      // Shown by the banner.
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormOutcome success={success} error={save.isError ? save.error : null} />
        <Select
          label={t('account.securityQuestion')}
          withAsterisk
          placeholder={t('account.chooseQuestion')}
          data={questions.map((question) => ({ value: String(question.id), label: question.text }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...inputProps('questionId')}
        />
        <TextInput
          label={t('account.answer')}
          withAsterisk
          maxLength={SECURITY_ANSWER_MAX}
          autoComplete="off"
          description={t('account.answerHint')}
          {...inputProps('answer')}
        />
        <SubmitButton loading={save.isPending}>{t('account.saveQuestion')}</SubmitButton>
      </Stack>
    </form>
  );
}
