import { ApplicantFormValues } from '@ebt/core/applicants';
import { Button, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { MessageBanner } from '../../../components/MessageBanner';
import { focusFirstError } from '../../../lib/form-focus';
import {
  AGREEMENT_LABEL,
  RIGHTS_STATEMENT_INTRO,
  RIGHTS_STATEMENT_ITEMS,
  RIGHTS_STATEMENT_NOTICE,
} from '../rights-statement';

/** A§5: the agreement box is required, with 'You must agree to the above statements to submit the application.' */
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
  const form = useForm({
    mode: 'controlled',
    initialValues: { agree: false },
    validate: schemaResolver(AgreementValues, { sync: true }),
  });

  return (
    <form onSubmit={form.onSubmit(() => onSubmit(), focusFirstError(form.getInputNode))} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" bg="gray.0" component="section" aria-label="Rights statement">
          <Stack gap="sm">
            <Text fw={600}>{RIGHTS_STATEMENT_INTRO}</Text>
            <List spacing={6}>
              {RIGHTS_STATEMENT_ITEMS.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text fz="sm">{RIGHTS_STATEMENT_NOTICE}</Text>
          </Stack>
        </Paper>
        <Checkbox label={AGREEMENT_LABEL} {...form.getInputProps('agree', { type: 'checkbox' })} />
        <MessageBanner kind="danger" messages={failure} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={submitting}>
            Back
          </Button>
          <Button type="submit" loading={submitting}>
            Submit application
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
