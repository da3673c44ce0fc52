import { PROGRAM_STATUS_LABEL, ROLE, type ProgramStatus } from '@ebt/core/enums';
import type { Incentive } from '@ebt/core/incentives';
import { MESSAGES } from '@ebt/core/messages';
import type { CallerProgram } from '@ebt/core/programs';
import { Card, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import { displayPhone } from '../../lib/person';
import { ProgramAdminsPanel } from './components/ProgramAdminsPanel';
import { useProgramIncentives } from './program-admins-api';

/** A§2/resolution 2: the program view's admin search looks for program admins (role 1) only. */
const PROGRAM_VIEW_ADMIN_ROLES = [ROLE.PROGRAM_ADMIN] as const;

/**
 * `/program/program` (A§2 "Program view"): each of the caller's programs with its contact data, its program admins
 * (the reusable panel: list, add, remove by privilege) and its incentives read-only.
 */
export default function ProgramViewPage() {
  const programs = useCallerPrograms();
  return (
    <Page title="Program">
      <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
      {programs.isPending && <LoadingStatus label="Loading your programs" />}
      {programs.isSuccess && programs.data.length === 0 && (
        <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
      )}
      {programs.data?.map((program) => (
        <ProgramSection key={program.programUuid} program={program} />
      ))}
    </Page>
  );
}

function contactAddress(p: CallerProgram): string {
  const cityLine = [p.contactCity, [p.contactStateCode, p.contactZip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [p.contactAddress1, p.contactAddress2, cityLine].filter(Boolean).join(', ');
}

function ProgramSection({ program }: { program: CallerProgram }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="xl">
        <Title order={2} id={headingId}>
          {program.programName}
        </Title>
        <FieldList>
          <ReadOnlyField label="Short Name" value={program.shortName} />
          <ReadOnlyField label="Program Id" value={String(program.programId)} />
          <ReadOnlyField
            label="Status"
            value={PROGRAM_STATUS_LABEL[program.programStatusId as ProgramStatus] ?? String(program.programStatusId)}
          />
          <ReadOnlyField label="Contact Email" value={program.contactEmail} />
          <ReadOnlyField label="Contact Phone" value={displayPhone(program.contactPhone)} />
          <ReadOnlyField label="Contact Address" value={contactAddress(program)} />
          <ReadOnlyField
            label="Benefit Amount"
            value={program.benefitAmount === null ? null : <Money value={program.benefitAmount} />}
          />
          <ReadOnlyField
            label="Benefit Expiration (days)"
            value={program.benefitExpiration === null ? null : String(program.benefitExpiration)}
          />
          <ReadOnlyField
            label="Incentive Expiration (days)"
            value={program.incentiveExpiration === null ? null : String(program.incentiveExpiration)}
          />
          <ReadOnlyField
            label="Last Issuance Date"
            value={program.lastIssuanceDate ? <DateText value={program.lastIssuanceDate} /> : null}
          />
        </FieldList>
        <ProgramAdminsPanel
          programUuid={program.programUuid}
          programName={program.programName}
          roleIds={PROGRAM_VIEW_ADMIN_ROLES}
        />
        <ProgramIncentives programUuid={program.programUuid} programName={program.programName} />
      </Stack>
    </Card>
  );
}

const INCENTIVE_COLUMNS: DataTableColumn<Incentive>[] = [
  { key: 'name', header: 'Name' },
  { key: 'startDate', header: 'Start Date', render: (i) => <DateText value={i.startDate} /> },
  { key: 'endDate', header: 'End Date', render: (i) => (i.endDate ? <DateText value={i.endDate} /> : '') },
  { key: 'matchRate', header: 'Match Rate', align: 'right' },
  { key: 'funding', header: 'Funding Source', render: (i) => i.funding.name },
];

/** The program's incentives, read-only (A§2; maintenance is the incentives screens'). */
function ProgramIncentives({ programUuid, programName }: { programUuid: string; programName: string }) {
  const headingId = useId();
  const incentives = useProgramIncentives(programUuid);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId}>
        Incentives
      </Title>
      <MessageBanner kind="danger" messages={incentives.isError ? errorMessagesOf(incentives.error) : []} />
      {incentives.isPending && <LoadingStatus label="Loading incentives" py="md" />}
      {incentives.isSuccess && (
        <DataTable
          columns={INCENTIVE_COLUMNS}
          rows={incentives.data}
          rowKey={(i) => i.incentiveUuid}
          caption={`Incentives of ${programName}`}
          emptyMessage="No incentives found."
        />
      )}
    </Stack>
  );
}
