import { farmerApplicationSettings } from '../db/schema/index.js';
import type { Tx } from '../db/client.js';
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
