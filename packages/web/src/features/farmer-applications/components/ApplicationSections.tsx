import { BANK_ACCOUNT_TYPE_LABEL, TIN_TYPES, type BankAccountType } from '@ebt/core/enums';
import type { FarmerAddress, FarmerApplicationView } from '@ebt/core/farmer-applications';
import { Stack, Text, Title } from '@mantine/core';
import { DateText } from '../../../components/DateText';
import { DetailSection } from '../../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { displayPhone } from '../../../lib/person';
import { answerText } from '../labels';

// What the farmer gave, section by section, as they gave it (tax id and bank numbers masked as the server answers
// them). Each section is a named region (DetailSection); headings go h2 (section) then h3 (a program's questions).

const LANGUAGE_NAME = { en: 'English', es: 'Spanish' } as const;

/** An address on two lines (a second address line, when given, on its own). */
function addressLines(address: FarmerAddress): string[] {
  return [
    address.addressOne,
    address.addressTwo ?? '',
    `${address.city}, ${address.stateCode} ${address.zipcode}`,
  ].filter((line) => line.trim() !== '');
}

function Address({ address }: { address: FarmerAddress }) {
  return (
    <>
      {addressLines(address).map((line, index) => (
        <span key={index} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}

export function FarmAndContactSection({ application }: { application: FarmerApplicationView }) {
  return (
    <DetailSection title="Farm and contact">
      <FieldList>
        <ReadOnlyField label="Farm or business name" value={application.farmName} />
        <ReadOnlyField
          label="Contact person"
          value={`${application.contactFirstName} ${application.contactLastName}`}
        />
        <ReadOnlyField label="E-mail (confirmed)" value={application.email} />
        <ReadOnlyField label="Mobile phone (confirmed)" value={displayPhone(application.mobilePhone)} />
        <ReadOnlyField label="Business phone" value={displayPhone(application.businessPhone)} />
        <ReadOnlyField label="Language" value={LANGUAGE_NAME[application.language]} />
      </FieldList>
    </DetailSection>
  );
}

export function AddressesSection({ application }: { application: FarmerApplicationView }) {
  return (
    <DetailSection title="Addresses">
      <FieldList cols={{ base: 1, sm: 2 }}>
        <ReadOnlyField label="Farm address" value={<Address address={application.farmAddress} />} />
        <ReadOnlyField
          label="Mailing address"
          value={
            application.mailingAddress ? <Address address={application.mailingAddress} /> : 'Same as the farm address'
          }
        />
      </FieldList>
    </DetailSection>
  );
}

export function MarketsSection({ application }: { application: FarmerApplicationView }) {
  return (
    <DetailSection title="Markets">
      {application.markets.length === 0 ? (
        <Text>No market given.</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {application.markets.map((market, index) => (
            <li key={index}>
              <Text fw={600}>{market.name}</Text>
              <Text fz="sm">
                {[market.city, market.when].filter((part) => part && part.trim() !== '').join(' · ') || '—'}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

export function CropsSection({ application }: { application: FarmerApplicationView }) {
  return (
    <DetailSection title="What they grow">
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{application.crops}</Text>
    </DetailSection>
  );
}

/** The programs' own questions with the farmer's answers, program by program, each as it was asked. */
export function QuestionsSection({ application }: { application: FarmerApplicationView }) {
  const byProgram = application.programs.map((program) => ({
    program,
    answers: application.answers.filter((a) => a.programId === program.programId),
  }));
  return (
    <DetailSection title="Program questions">
      {byProgram.map(({ program, answers }) => (
        <Stack key={program.programId} gap="xs">
          <Title order={3} fz="h4">
            {program.programName}
          </Title>
          {answers.length === 0 ? (
            <Text>This program asked no question.</Text>
          ) : (
            <FieldList cols={{ base: 1, sm: 2 }}>
              {answers.map((answer) => (
                <ReadOnlyField key={answer.key} label={answer.label} value={answerText(answer.kind, answer.value)} />
              ))}
            </FieldList>
          )}
        </Stack>
      ))}
    </DetailSection>
  );
}

/** Tax id and bank account, masked to their last four as the server answers them. */
export function PayoutSection({ application }: { application: FarmerApplicationView }) {
  const bank = application.bankAccount;
  const tinType = TIN_TYPES.find((t) => t.tinTypeId === application.tinTypeId)?.descr ?? '';
  const holder = [bank.firstName, bank.middleName, bank.lastName].filter(Boolean).join(' ');
  return (
    <DetailSection title="Payout">
      <FieldList>
        <ReadOnlyField label="Tax ID" value={tinType ? `${tinType} ${application.taxId}` : application.taxId} />
        <ReadOnlyField label="Bank" value={bank.bankName} />
        <ReadOnlyField label="Routing number" value={bank.routingNumber} />
        <ReadOnlyField label="Account number" value={bank.accountNumber} />
        <ReadOnlyField
          label="Account type"
          value={BANK_ACCOUNT_TYPE_LABEL[bank.bankAccountType as BankAccountType] ?? ''}
        />
        <ReadOnlyField label="Account holder" value={holder} />
      </FieldList>
    </DetailSection>
  );
}

export function AgreementSection({ application }: { application: FarmerApplicationView }) {
  return (
    <DetailSection title="Agreement">
      <FieldList cols={{ base: 1, sm: 2 }}>
        <ReadOnlyField label="Signed by (typed signature)" value={application.signature} />
        <ReadOnlyField label="Signed on" value={<DateText value={application.signedAt} />} />
      </FieldList>
    </DetailSection>
  );
}
