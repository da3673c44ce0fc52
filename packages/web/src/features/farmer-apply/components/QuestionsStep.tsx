import { ANSWER_TEXT_MAX } from '@ebt/core/farmer-applications';
import { Fieldset, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { answerField, chosenPrograms } from '../application-form';
import { questionLabel } from '../summary';
import { GROUP_LEGEND_STYLES } from './group-parts';
import type { StepProps } from './step-props';

/**
 * Step 4: the chosen programs' own questions, yes/no as a pair of radio buttons and text as a field, each labelled in
 * Spanish when it has a Spanish label and the page is Spanish. Several programs: a group per program.
 */
export function QuestionsStep({ form, programs }: StepProps) {
  const { t, language } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const asking = chosenPrograms(programs, form.getValues().programIds).filter(
    (program) => program.questions.length > 0,
  );
  if (asking.length === 0) return <Text>{t('farmerApply.noQuestions')}</Text>;

  const questionsOf = (program: (typeof asking)[number]) =>
    program.questions.map((question) => {
      const path = `answers.${answerField(program.programId, question.key)}`;
      const label = questionLabel(question, language);
      if (question.kind === 'text')
        return (
          <TextInput
            key={path}
            label={label}
            withAsterisk={question.required}
            maxLength={ANSWER_TEXT_MAX}
            {...field(path)}
          />
        );
      const props = field(path);
      const invalid = props.error ? true : undefined;
      return (
        <Radio.Group
          key={path}
          label={label}
          withAsterisk={question.required}
          value={(props.value as string | undefined) ?? ''}
          onChange={props.onChange}
          error={props.error}
        >
          <Group gap="xl" mt="xs">
            {/* The group's data-path is on its first choice, so a refusal can put the focus there. */}
            <Radio size="md" value="yes" label={t('common.yes')} aria-invalid={invalid} data-path={path} />
            <Radio size="md" value="no" label={t('common.no')} aria-invalid={invalid} />
          </Group>
        </Radio.Group>
      );
    });

  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('common.requiredNote')}
      </Text>
      {asking.length === 1 ? (
        <Stack gap="lg">{questionsOf(asking[0]!)}</Stack>
      ) : (
        asking.map((program) => (
          <Fieldset
            key={program.programId}
            variant="unstyled"
            styles={GROUP_LEGEND_STYLES}
            legend={program.programName}
          >
            <Stack gap="lg">{questionsOf(program)}</Stack>
          </Fieldset>
        ))
      )}
    </>
  );
}
