import {
  AGREEMENT_TEXT_MAX,
  FARMER_APPLICATION_MESSAGES,
  QUESTION_LABEL_MAX,
  QUESTIONS_MAX,
  type FarmerApplicationSettings,
} from '@ebt/core/farmer-applications';
import { todayIn } from '@ebt/core/format';
import {
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { DateField } from '../../components/DateField';
import { FieldGroup } from '../../components/FieldGroup';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { portalTimeZone } from '../../lib/time-zone';
import { useFarmerApplicationSettings, useSaveFarmerApplicationSettings } from './api';
import {
  emptyQuestion,
  moveQuestion,
  settingsBody,
  settingsFieldNames,
  settingsValuesOf,
  validateSettings,
  type SettingsValues,
} from './settings-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/admin/program/{programUuid}/farmer-application` (decision 0111): the platform administrators' settings
 * of a program's farmer application: whether it takes applications, the agreement the farmer signs (English, and
 * Spanish when given), and the program's own questions (yes/no or text, required or not, asked between two dates),
 * added, removed and put in order here and saved together. The server's field errors show at their fields.
 */
export default function FarmerApplicationSettingsPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const settings = useFarmerApplicationSettings(id, valid);
  const back = <BackLink to={valid ? `/admin/program/${id}` : '/admin/programs'}>Edit Program</BackLink>;

  if (!valid || isApiError(settings.error, 404) || isApiError(settings.error, 400)) {
    return (
      <Page title="Farmer application settings" actions={back}>
        <MessageBanner kind="warning" messages="The program was not found." />
      </Page>
    );
  }
  if (settings.isError) {
    return (
      <Page title="Farmer application settings" actions={back}>
        <MessageBanner kind="danger" messages={errorMessagesOf(settings.error)} />
      </Page>
    );
  }
  if (settings.isPending) {
    return (
      <Page title="Farmer application settings" actions={back}>
        <LoadingStatus label="Loading the settings" />
      </Page>
    );
  }
  return (
    <Page title={`Farmer application of ${settings.data.programName}`} actions={back}>
      <SettingsForm key={settings.data.programUuid} settings={settings.data} />
    </Page>
  );
}

/** Where the focus goes once the list has re-rendered: a row's field or button, or the Add button. */
type FocusTarget = { rowId: string; control: 'key' | 'up' | 'down' } | { rowId: null; control: 'add' };

function SettingsForm({ settings }: { settings: FarmerApplicationSettings }) {
  const save = useSaveFarmerApplicationSettings(settings.programUuid);
  const [saved, setSaved] = useState<string | null>(null);
  const today = useMemo(() => todayIn(portalTimeZone()), []);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: settingsValuesOf(settings),
    validate: validateSettings,
  });
  const questionsHeadingId = useId();
  const questionsErrorId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const questions = form.values.questions;

  // After a move, an add or a removal the focus stays with what the person was working on (React moves a row's
  // elements, which drops their focus): the moved row's button (the other one when it reached an end), the new row's
  // key, or Add question after a removal.
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (focusTarget.rowId === null) {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelector<HTMLElement>(`[data-row-id="${focusTarget.rowId}"]`);
    if (!row) return;
    if (focusTarget.control === 'key') {
      row.querySelector<HTMLElement>('[data-field="key"]')?.focus();
      return;
    }
    const wanted = row.querySelector<HTMLButtonElement>(`[data-move="${focusTarget.control}"]`);
    const other = row.querySelector<HTMLButtonElement>(`[data-move="${focusTarget.control === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focusTarget]);

  const move = (index: number, by: -1 | 1) => {
    const rowId = questions[index]!.rowId;
    form.setFieldValue('questions', moveQuestion(questions, index, by));
    // Errors are held by position: they would stay on the row that took this one's place.
    form.clearErrors();
    setFocusTarget({ rowId, control: by === -1 ? 'up' : 'down' });
  };
  const add = () => {
    const question = emptyQuestion(today);
    form.insertListItem('questions', question);
    setFocusTarget({ rowId: question.rowId, control: 'key' });
  };
  const remove = (index: number) => {
    form.removeListItem('questions', index);
    form.clearErrors();
    setFocusTarget({ rowId: null, control: 'add' });
  };

  const submit = form.onSubmit(async (values) => {
    setSaved(null);
    try {
      const answer = await save.mutateAsync(settingsBody(values));
      const fresh = settingsValuesOf(answer);
      form.setValues(fresh);
      form.resetDirty(fresh);
      setSaved(answer.message ?? FARMER_APPLICATION_MESSAGES.SETTINGS_SAVED);
    } catch (error) {
      const found = serverFieldErrors(error, settingsFieldNames(values));
      form.setErrors(found);
      focusFirstError(form.getInputNode)(found);
    }
  }, focusFirstError(form.getInputNode));

  const listError = typeof form.errors.questions === 'string' ? form.errors.questions : null;

  return (
    <form onSubmit={submit} noValidate aria-label={`Farmer application settings of ${settings.programName}`}>
      <Stack gap="lg">
        <FormOutcome success={saved} error={save.isError ? save.error : null} />
        <Switch
          label="Taking farmer applications"
          description="When on, the program is offered on the public farmer application (from the questions' dates)."
          {...form.getInputProps('open', { type: 'checkbox' })}
        />
        <Textarea
          label="Agreement text"
          description="What the farmer agrees to and signs by typing their name. Required while applications are taken."
          withAsterisk={form.values.open}
          autosize
          minRows={5}
          maxRows={16}
          maxLength={AGREEMENT_TEXT_MAX}
          {...form.getInputProps('agreementText')}
        />
        <Textarea
          label="Agreement text in Spanish"
          description="Optional: farmers reading in Spanish see it instead of the English text."
          autosize
          minRows={3}
          maxRows={16}
          maxLength={AGREEMENT_TEXT_MAX}
          {...form.getInputProps('agreementTextEs')}
        />

        <Stack
          gap="sm"
          component="section"
          aria-labelledby={questionsHeadingId}
          aria-describedby={listError ? questionsErrorId : undefined}
        >
          <Title order={2} fz="h3" id={questionsHeadingId}>
            Questions
          </Title>
          <Text fz="sm" c="dimmed">
            The program's own questions, asked in this order from their start date to their end date (both included; no
            end date: until changed). A question answered on an application keeps its words there.
          </Text>
          {questions.length === 0 && <Text>The program asks no question of its own.</Text>}
          <Stack gap="md" ref={listRef}>
            {questions.map((question, index) => (
              <Paper key={question.rowId} withBorder p="md" data-row-id={question.rowId}>
                <FieldGroup legend={`Question ${index + 1}`}>
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                      <TextInput
                        label="Key"
                        description="Lowercase letters, digits and dashes (up to 30)"
                        withAsterisk
                        maxLength={30}
                        autoComplete="off"
                        data-field="key"
                        {...form.getInputProps(`questions.${index}.key`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                      <Radio.Group label="Answer" withAsterisk {...form.getInputProps(`questions.${index}.kind`)}>
                        <Group gap="md" mt={6}>
                          <Radio value="yes-no" label="Yes or no" />
                          <Radio value="text" label="Text" />
                        </Group>
                      </Radio.Group>
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 4 }}>
                      <Checkbox
                        mt={{ base: 0, md: 'xl' }}
                        label="Answer required"
                        {...form.getInputProps(`questions.${index}.required`, { type: 'checkbox' })}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <TextInput
                        label="Question"
                        withAsterisk
                        maxLength={QUESTION_LABEL_MAX}
                        autoComplete="off"
                        {...form.getInputProps(`questions.${index}.label`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <TextInput
                        label="Question in Spanish"
                        maxLength={QUESTION_LABEL_MAX}
                        autoComplete="off"
                        {...form.getInputProps(`questions.${index}.labelEs`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <DateField
                        label="Asked from"
                        withAsterisk
                        {...form.getInputProps(`questions.${index}.effectiveFrom`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <DateField
                        label="Asked until"
                        description="Blank: no end"
                        {...form.getInputProps(`questions.${index}.effectiveTo`)}
                      />
                    </Grid.Col>
                  </Grid>
                  <Group gap="xs" mt="md" wrap="wrap">
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconArrowUp aria-hidden size={14} />}
                      disabled={index === 0}
                      data-move="up"
                      aria-label={`Move up: question ${index + 1}`}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconArrowDown aria-hidden size={14} />}
                      disabled={index === questions.length - 1}
                      data-move="down"
                      aria-label={`Move down: question ${index + 1}`}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconTrash aria-hidden size={14} />}
                      aria-label={`Remove: question ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </Button>
                  </Group>
                </FieldGroup>
              </Paper>
            ))}
          </Stack>
          {listError && (
            <Text id={questionsErrorId} c="red.9" fz="sm" role="alert">
              {listError}
            </Text>
          )}
          <Group>
            <Button
              ref={addRef}
              variant="light"
              leftSection={<IconPlus aria-hidden size={16} />}
              disabled={questions.length >= QUESTIONS_MAX}
              onClick={add}
            >
              Add question
            </Button>
            {questions.length >= QUESTIONS_MAX && (
              <Text fz="sm" c="dimmed">
                {`At most ${QUESTIONS_MAX} questions.`}
              </Text>
            )}
          </Group>
        </Stack>

        <SubmitButton loading={save.isPending}>Save settings</SubmitButton>
      </Stack>
    </form>
  );
}
