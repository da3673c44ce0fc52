import { CONFIG_MESSAGES, isFutureConfigValue, type ConfigEntry } from '@ebt/core/config';
import { CONFIG_VALUE_MAX } from '@ebt/core/constants';
import { todayIn } from '@ebt/core/format';
import { Anchor, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useAddConfigValue, useConfigKey, useDeleteConfigValue, useUpdateConfigValue } from './api';
import { EMPTY_CONFIG_FORM, utcText, validateConfigForm, type ConfigFormValues } from './config-form';
import { portalTimeZone } from '../../lib/time-zone';

type Outcome = { kind: 'success' | 'danger'; messages: string[] } | null;

/**
 * `/admin/configuration/{key}` (B§2 "Configuration key page", B§4 "Configuration value", B§8): the key's history; a
 * value dated in the future offers Update (into the form, its date may change too) and Delete (after 'Are you sure
 * you want to delete this entry?'), one in effect or past offers Copy (its value into the form, to add as a new
 * value). The form adds a value, or saves the one being updated. Each outcome is the server's message; the history
 * and the list reload once a change is saved.
 */
export default function ConfigKeyPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const key = id;
  const today = useMemo(() => todayIn(portalTimeZone()), []);
  const history = useConfigKey(key);
  const add = useAddConfigValue();
  const update = useUpdateConfigValue();
  const remove = useDeleteConfigValue();
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const saved = (location.state as { saved?: string } | null)?.saved;
    return saved ? { kind: 'success', messages: [saved] } : null;
  });
  const outcomeRef = useOutcomeFocus(outcome);
  /** The effective date of the value being updated; null while the form adds a value. */
  const [updating, setUpdating] = useState<string | null>(null);
  const formHeadingId = useId();
  const historyHeadingId = useId();

  const form = useForm<ConfigFormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_CONFIG_FORM, configKey: key },
    validate: validateConfigForm(today),
  });

  const failed = (error: unknown) => {
    setOutcome({ kind: 'danger', messages: errorMessagesOf(error) });
    form.setErrors(serverFieldErrors(error, ['configValue', 'effectiveDate']));
  };

  const reset = () => {
    setUpdating(null);
    form.setValues({ configKey: key, configValue: '', effectiveDate: '' });
    form.clearErrors();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setOutcome(null);
    try {
      const message =
        updating === null
          ? await add.mutateAsync({ ...values, configKey: key })
          : await update.mutateAsync({
              configKey: key,
              configValue: values.configValue,
              effectiveDate: updating,
              newEffectiveDate: values.effectiveDate === updating ? null : values.effectiveDate,
            });
      reset();
      setOutcome({ kind: 'success', messages: [message] });
    } catch (error) {
      failed(error);
    }
  }, focusFirstError(form.getInputNode));

  const startUpdate = (entry: ConfigEntry) => {
    setOutcome(null);
    setUpdating(entry.effectiveDate);
    form.setValues({ configKey: key, configValue: entry.configValue, effectiveDate: entry.effectiveDate });
    form.clearErrors();
    form.getInputNode('configValue')?.focus();
  };

  const copy = (entry: ConfigEntry) => {
    setOutcome(null);
    setUpdating(null);
    form.setValues({ configKey: key, configValue: entry.configValue, effectiveDate: '' });
    form.clearErrors();
    form.getInputNode('configValue')?.focus();
  };

  const askDelete = (entry: ConfigEntry) =>
    confirmAction({
      message: CONFIG_MESSAGES.CONFIRM_DELETE_ENTRY,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        remove.mutate(
          { configKey: key, effectiveDate: entry.effectiveDate },
          {
            onSuccess: (message) => {
              if (updating === entry.effectiveDate) reset();
              setOutcome({ kind: 'success', messages: [message] });
            },
            onError: failed,
          },
        );
      },
    });

  const columns: DataTableColumn<ConfigEntry>[] = [
    { key: 'configValue', header: 'Value' },
    { key: 'effectiveDate', header: 'Effective Date', render: (e) => <DateText value={e.effectiveDate} /> },
    { key: 'updated', header: 'Updated in UTC', render: (e) => utcText(e.updated) },
    {
      key: 'actions',
      header: 'Actions',
      label: 'Actions',
      render: (e) =>
        isFutureConfigValue(e.effectiveDate, today) ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              aria-label={`Update the value of ${e.effectiveDate}`}
              onClick={() => startUpdate(e)}
            >
              Update
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              aria-label={`Delete the value of ${e.effectiveDate}`}
              loading={remove.isPending && remove.variables?.effectiveDate === e.effectiveDate}
              onClick={() => askDelete(e)}
            >
              Delete
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="default"
            aria-label={`Copy the value of ${e.effectiveDate}`}
            onClick={() => copy(e)}
          >
            Copy
          </Button>
        ),
    },
  ];

  return (
    <Page title={`Configuration Key: ${key}`}>
      <Anchor component={Link} to="/admin/configurations">
        Back to configurations
      </Anchor>
      {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
      <MessageBanner kind="danger" messages={history.isError ? errorMessagesOf(history.error) : []} />
      {history.isPending && <LoadingStatus label="Loading the key's values" />}
      {history.isSuccess && (
        <Stack gap="sm" component="section" aria-labelledby={historyHeadingId}>
          <Title order={2} fz="h3" id={historyHeadingId}>
            History
          </Title>
          <DataTable
            caption={`Values of ${key}`}
            columns={columns}
            rows={history.data}
            rowKey={(e) => e.effectiveDate}
          />
        </Stack>
      )}
      {history.isSuccess && (
        <Card withBorder padding="lg" component="section" aria-labelledby={formHeadingId}>
          <form onSubmit={handleSubmit} noValidate aria-labelledby={formHeadingId}>
            <Stack gap="md" maw={640}>
              <Title order={2} fz="h3" id={formHeadingId}>
                {updating === null ? 'Add a Value' : `Update the Value of ${updating}`}
              </Title>
              <TextInput
                label="Value"
                withAsterisk
                maxLength={CONFIG_VALUE_MAX}
                {...form.getInputProps('configValue')}
              />
              <DateField
                label="Effective Date"
                withAsterisk
                min={today}
                {...(form.getInputProps('effectiveDate') as { value: string; onChange: (v: string) => void })}
              />
              <Group justify="flex-end">
                {updating !== null && (
                  <Button variant="default" onClick={reset}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" loading={add.isPending || update.isPending}>
                  {updating === null ? 'Add Value' : 'Update Value'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Page>
  );
}
