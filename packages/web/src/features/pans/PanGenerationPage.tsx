import { PDF_DOWNLOAD_DELAY_MS } from '@ebt/core/constants';
import { BULK_PAN_DIALOG_THRESHOLD, BULK_PAN_COUNT_MAX_LENGTH } from '@ebt/core/constants';
import { PAN_STATUS_LABEL, PROGRAM_STATUS, type PanStatus } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { bulkCountProblem, PAN_MESSAGES, panApi, type PrintedPan } from '@ebt/core/pans';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { confirmAction, showNotice } from '../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { DetailSection } from '../../components/DetailSection';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MaskedPan } from '../../components/MaskedPan';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { downloadFrom } from '../../lib/download';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { useBulkGenerate, useGenerationSetup, usePrintedPans } from './api';
import { printPath } from './RecipientPansPage';

const GENERATION_TITLE = 'Pan Generation';

/**
 * `{base}/pans/generation` (B§2 "Bulk PAN generation", B§4, B§5, B§8, resolution 18): a program selector when there
 * is more than one (administrators: every active program; others: their own), the program's name and short name, the
 * form (count: digits, at most 4; 'Confirm generate and print.' required; not above maxPrintedPans, which
 * administrators may exceed after a warning), and the printed PANs waiting to be assigned. An accepted generation says
 * 'New Pans have been generated.' (in a dialog above 400 PANs) and its PDF downloads 500 ms later; 409 and 422 answer
 * in dialogs.
 */
export default function PanGenerationPage({ base }: { base: StaffBase }) {
  const { privileges } = useSessionUser();
  const administrator = hasAnyPrivilege(privileges, PRIVILEGE.NDGADMIN_ACCESS);
  const programs = useCallerPrograms();
  const choices = useMemo(
    () => (programs.data ?? []).filter((p) => !administrator || p.programStatusId === PROGRAM_STATUS.ENABLED),
    [programs.data, administrator],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const programId = chosen ?? choices[0]?.programId ?? null;
  const program = choices.find((p) => p.programId === programId) ?? null;
  const setup = useGenerationSetup(programId);
  const [page, setPage] = useState(0);
  const printed = usePrintedPans(programId, page);
  const generate = useBulkGenerate();
  const [count, setCount] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<string[]>([]);
  const successRef = useOutcomeFocus(success);

  const max = setup.data?.maxPrintedPans ?? 0;
  const blocked = !administrator && setup.isSuccess && max < 1;

  const run = async (value: number) => {
    if (!setup.data || programId === null) return;
    setSuccess(null);
    setDownloadProblem([]);
    try {
      const answer = await generate.mutateAsync({ programId, accountUuid: setup.data.accountUuid, count: value });
      setCount('');
      setConfirmed(false);
      if (answer.count > BULK_PAN_DIALOG_THRESHOLD)
        showNotice({ title: GENERATION_TITLE, message: PAN_MESSAGES.PANS_GENERATED });
      else setSuccess(PAN_MESSAGES.PANS_GENERATED);
      // B§4: the PDF of the set downloads 500 ms after the acceptance.
      window.setTimeout(() => {
        downloadFrom(
          panApi.generationPdf,
          { params: { panGenId: answer.panGenId } },
          `pans-${answer.panGenId}.pdf`,
        ).catch((error: unknown) => setDownloadProblem(errorMessagesOf(error)));
      }, PDF_DOWNLOAD_DELAY_MS);
    } catch (error) {
      if (isApiError(error, 409))
        showNotice({
          title: GENERATION_TITLE,
          message: (
            <Stack gap="xs">
              <Text>{PAN_MESSAGES.GENERATION_IN_PROCESS}</Text>
              <Text>{PAN_MESSAGES.GENERATION_WAIT}</Text>
            </Stack>
          ),
        });
      else if (isApiError(error, 422)) {
        showNotice({ title: GENERATION_TITLE, message: PAN_MESSAGES.GENERATION_COUNT_CHANGED });
        void setup.refetch();
      } else setProblem(errorMessagesOf(error).join(' '));
    }
  };

  const countRef = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // A refusal shows under Count and the focus goes there, as every form of the kit does.
    const refuse = (text: string) => {
      setProblem(text);
      countRef.current?.focus();
    };
    if (!/^\d{1,4}$/.test(count)) {
      refuse(PAN_MESSAGES.INVALID_GENERATION_COUNT);
      return;
    }
    const value = Number(count);
    const refusal = bulkCountProblem(value, max, administrator);
    if (refusal) {
      refuse(refusal);
      return;
    }
    if (!confirmed) {
      refuse(`Tick '${PAN_MESSAGES.GENERATION_CONFIRM_LABEL}' to generate.`);
      return;
    }
    if (administrator && value > max) {
      confirmAction({
        title: GENERATION_TITLE,
        message: fillMessage(PAN_MESSAGES.GENERATION_OVER_MAX_WARNING, { max }),
        confirmLabel: 'Generate',
        danger: true,
        onConfirm: () => void run(value),
      });
      return;
    }
    void run(value);
  };

  const columns: DataTableColumn<PrintedPan>[] = [
    { key: 'last4', header: 'PAN', render: (p) => <MaskedPan pan={p.last4} /> },
    { key: 'status', header: 'Status', render: (p) => PAN_STATUS_LABEL[p.panStatusId as PanStatus] ?? p.panStatusId },
    { key: 'expirationDate', header: 'Expiration Date', render: (p) => <DateText value={p.expirationDate} /> },
    { key: 'createdDate', header: 'Generated', render: (p) => <DateText value={p.createdDate} /> },
    {
      key: 'panGenId',
      header: 'Generation',
      render: (p) =>
        p.panGenId === null ? (
          ''
        ) : (
          // In this tab: the card view reads this tab's session, which no other tab may hold (lib/session.ts).
          <Anchor component={Link} to={printPath(base, { panGenId: p.panGenId })}>
            {`Cards of generation ${p.panGenId}`}
          </Anchor>
        ),
    },
  ];

  return (
    <Page title={GENERATION_TITLE}>
      <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
      {programs.isPending ? (
        <LoadingStatus label="Loading the programs" />
      ) : choices.length === 0 ? (
        <MessageBanner kind="warning" messages={PAN_MESSAGES.PROGRAM_NOT_FOUND} />
      ) : (
        <>
          {choices.length > 1 && (
            <Select
              label="Program"
              maw={420}
              data={choices.map((p) => ({ value: String(p.programId), label: p.programName }))}
              value={programId === null ? null : String(programId)}
              allowDeselect={false}
              onChange={(value) => {
                setChosen(value ? Number(value) : null);
                setPage(0);
                setProblem(null);
                setSuccess(null);
              }}
            />
          )}
          {program && (
            <Table.ScrollContainer minWidth={300} maw={640}>
              <Table withTableBorder>
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Program</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Program Name</Table.Th>
                    <Table.Th scope="col">Short Name</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{program.programName}</Table.Td>
                    <Table.Td>{program.shortName}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <MessageBanner ref={successRef} kind="success" messages={success ?? []} />
          <MessageBanner kind="danger" messages={downloadProblem} />
          {setup.isError ? (
            <MessageBanner kind="danger" messages={PAN_MESSAGES.GENERATION_SETUP_ERROR} />
          ) : setup.isPending ? (
            <LoadingStatus label="Setting up pan generation" />
          ) : (
            <DetailSection title="Generate printed PANs">
              <form onSubmit={onSubmit} noValidate>
                <Stack gap="sm" maw={420}>
                  <Text fz="sm">{`Printed PANs this program may still take: ${max}.`}</Text>
                  {blocked && (
                    <MessageBanner
                      kind="warning"
                      messages={fillMessage(PAN_MESSAGES.GENERATION_COUNT_TOO_HIGH, { max })}
                    />
                  )}
                  <TextInput
                    ref={countRef}
                    label="Count"
                    required
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={BULK_PAN_COUNT_MAX_LENGTH}
                    value={count}
                    // B§5: digits only.
                    onChange={(event) => setCount(event.currentTarget.value.replace(/\D/g, ''))}
                    error={problem}
                    disabled={blocked}
                  />
                  <Checkbox
                    label={PAN_MESSAGES.GENERATION_CONFIRM_LABEL}
                    checked={confirmed}
                    onChange={(event) => setConfirmed(event.currentTarget.checked)}
                    disabled={blocked}
                  />
                  <Group>
                    {/* Enabled without the box ticked: a press says what is missing (a disabled button says nothing). */}
                    <Button type="submit" disabled={blocked} loading={generate.isPending}>
                      Generate
                    </Button>
                  </Group>
                </Stack>
              </form>
            </DetailSection>
          )}
          <DetailSection title="Printed PANs">
            {printed.isError ? (
              <MessageBanner kind="danger" messages={errorMessagesOf(printed.error)} />
            ) : (
              <DataTable
                caption="Printed PANs not yet assigned"
                columns={columns}
                rows={printed.data?.data ?? []}
                rowKey={(p) => String(p.panId)}
                loading={printed.isFetching}
                emptyMessage={
                  printed.isSuccess && !printed.isPlaceholderData ? PAN_MESSAGES.NO_PRINTED_PANS : undefined
                }
                serverPaging={
                  printed.data
                    ? {
                        page: printed.data.page,
                        totalPages: printed.data.totalPages,
                        totalCount: printed.data.totalCount,
                        onPageChange: setPage,
                      }
                    : undefined
                }
              />
            )}
          </DetailSection>
        </>
      )}
    </Page>
  );
}
