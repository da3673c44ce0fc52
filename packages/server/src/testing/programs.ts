import type { ProgramBodyInput } from '@ebt/core/programs';

let sequence = 0;

/** A valid program form for POST/PUT /admin-api/programs; dates from the test clock's today (2026-11-23). */
export function validProgramBody(overrides: Partial<ProgramBodyInput> = {}): ProgramBodyInput {
  const n = `${++sequence}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  return {
    programName: `Harvest Program ${n}`,
    shortName: `HP${n}`.slice(0, 20),
    programStatusId: 0,
    contactEmail: `harvest-${n.toLowerCase()}@example.com`,
    contactPhone: '(860) 555-0100',
    contactAddress1: '10 Market Street',
    contactAddress2: '',
    contactCity: 'Hartford',
    contactStateCode: 'CT',
    contactZip: '06103',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    benefitExpiration: 90,
    incentiveExpiration: 0,
    benefitAmount: 25.5,
    fundingAmount: 100000,
    fundingDate: '2026-12-01',
    lastIssuanceDate: '2027-10-31',
    enableBenefitNote: true,
    benefitOptionTypeId: null,
    bin: '',
    seriesNbr: '',
    configuration: '',
    fundingSources: [
      { fundingId: -1, name: 'USDA' },
      { fundingId: -2, name: 'State Funds' },
    ],
    ...overrides,
  };
}
