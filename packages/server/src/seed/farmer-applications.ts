import {
  farmerApplicationEvents,
  farmerApplicationPrograms,
  farmerApplications,
  farmerApplicationSettings,
} from '../db/schema/index.js';
import type { Tx } from '../db/client.js';
import { seal, sha256 } from '../platform/crypto.js';
import { addDays } from './calendar.js';
import type { World } from './model.js';

// The demo programs take farmer applications (/apply/farmer, docs/decisions/0111): open, with an agreement in English
// and Spanish and two questions of their own, a required yes/no and an optional text, in effect since last season.

const AGREEMENT =
  'By signing, I agree to sell only eligible foods to program customers, to accept benefits at the prices I charge ' +
  'everyone, to keep records of my sales for three years, and to let program staff visit my stand. I confirm that ' +
  'the information in this application is true.';

const AGREEMENT_ES =
  'Al firmar, acepto vender solo alimentos elegibles a los clientes del programa, aceptar los beneficios a los mismos ' +
  'precios que cobro a todos, guardar los registros de mis ventas durante tres años y permitir que el personal del ' +
  'programa visite mi puesto. Confirmo que la información de esta solicitud es verdadera.';

export async function seedFarmerApplicationSettings(tx: Tx, w: World): Promise<void> {
  const effectiveFrom = addDays(w.today, -200);
  await tx.insert(farmerApplicationSettings).values(
    w.program.map((p) => ({
      programId: p.id,
      open: true,
      agreementText: AGREEMENT,
      agreementTextEs: AGREEMENT_ES,
      questions: [
        {
          key: 'grow-what-you-sell',
          kind: 'yes-no' as const,
          label: 'Do you grow what you sell?',
          labelEs: '¿Cultiva lo que vende?',
          required: true,
          effectiveFrom,
          effectiveTo: null,
        },
        {
          key: 'certifications',
          kind: 'text' as const,
          label: 'Certifications you hold (organic, GAP), if any',
          labelEs: 'Certificaciones que tiene (orgánica, GAP), si tiene alguna',
          required: false,
          effectiveFrom,
          effectiveTo: null,
        },
      ],
      updatedAt: w.now,
    })),
  );
}

/**
 * The status link's secret of the demo application: demo data only, like the demo password (a real one is 32 random
 * bytes), so `/apply/farmer/status?hash=<this>` shows the farmer's side of the demo application.
 */
export const DEMO_FARMER_APPLICATION_TOKEN = 'demo-farmer-application-status-link-0000046';
export const DEMO_FARMER_APPLICATION_UUID = '0b6f4c2a-8d1e-4f7a-9c3b-5e2d1a0f4646';

/**
 * One application waiting for staff in the SNAP-incentive program, sent yesterday in Spanish, so the review queue and
 * its detail have something to show in the demo (and the accessibility walk reaches the detail and its dialogs).
 * Fixed values, no draw from the seed's random numbers: the rest of the demo data stays as it was.
 */
export async function seedFarmerApplication(tx: Tx, w: World): Promise<void> {
  const program = w.program.find((p) => p.shortName === 'CTSNAP') ?? w.program[0]!;
  const sentAt = new Date(w.now.getTime() - 26 * 60 * 60_000);
  const tax = seal('987654321', w.sealKeys);
  const account = seal('00451234567', w.sealKeys);
  const routing = seal('021000021', w.sealKeys);
  const [row] = await tx
    .insert(farmerApplications)
    .values({
      uuid: DEMO_FARMER_APPLICATION_UUID,
      status: 'submitted',
      language: 'es',
      farmName: 'Green Valley Farm',
      contactFirstName: 'María',
      contactLastName: 'López',
      email: 'greenvalley.farm@example.org',
      mobilePhone: '8605550188',
      businessPhone: null,
      address1: '45 River Road',
      address2: null,
      city: 'Glastonbury',
      stateCode: 'CT',
      zipcode: '06033',
      mailingAddress: null,
      markets: [
        { name: 'Hartford Regional Market', city: 'Hartford', when: 'Sábados 7-12' },
        { name: 'Glastonbury Farmers Market', city: 'Glastonbury', when: 'Jueves 15-18' },
      ],
      crops: 'Tomates, pimientos, calabazas y miel',
      answers: [
        {
          programId: program.id,
          key: 'grow-what-you-sell',
          label: 'Do you grow what you sell?',
          labelEs: '¿Cultiva lo que vende?',
          kind: 'yes-no',
          value: 'yes',
        },
      ],
      tinTypeId: 1,
      taxIdEncrypted: tax.encrypted,
      taxIdLast4: tax.last4,
      bankName: 'Farm Credit East',
      accountNumberEncrypted: account.encrypted,
      accountNumberLast4: account.last4,
      routingNumberEncrypted: routing.encrypted,
      routingNumberLast4: routing.last4,
      accountTypeId: 0,
      bankFirstName: 'María',
      bankMiddleName: null,
      bankLastName: 'López',
      signature: 'María López',
      signedAt: sentAt,
      statusTokenHash: sha256(DEMO_FARMER_APPLICATION_TOKEN),
      statusTokenEncrypted: seal(DEMO_FARMER_APPLICATION_TOKEN, w.sealKeys).encrypted,
      submittedAt: sentAt,
      updatedAt: sentAt,
    })
    .returning({ id: farmerApplications.id });
  await tx.insert(farmerApplicationPrograms).values({ applicationId: row!.id, programId: program.id });
  await tx.insert(farmerApplicationEvents).values({ applicationId: row!.id, action: 'submitted', at: sentAt });
}
