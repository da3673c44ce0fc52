import { describe, expect, it } from 'vitest';
import { answerField, emptyValues, type ApplicationValues } from './application-form';
import { clearDraft, DRAFT_KEY, hasContent, loadDraft, saveDraft, valuesFromDraft } from './draft';

/** A Storage of our own (the web project's tests run in Node). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function typed(): ApplicationValues {
  const values = emptyValues();
  return {
    ...values,
    programIds: ['3', '9'],
    farmName: 'Green Acres',
    email: 'rosa@example.com',
    mobilePhone: '8605550142',
    emailCode: '123456',
    mobileCode: '654321',
    answers: { [answerField(3, 'grows-own')]: 'yes' },
    tinTypeId: '1',
    taxId: '123456789',
    bankAccount: {
      ...values.bankAccount,
      bankName: 'Farm Bank',
      bankRoutingNumber: '011000015',
      bankAccountNumber: '99887766',
      confirmAccountNumber: '99887766',
      firstName: 'Rosa',
    },
  };
}

describe('the draft kept on the device', () => {
  it('keeps what was typed but never the tax id, the bank numbers or the codes', () => {
    const storage = memoryStorage();
    saveDraft(typed(), 4, storage, new Date('2026-05-01T10:00:00Z'));
    const stored = storage.items.get(DRAFT_KEY)!;
    for (const secret of ['123456789', '011000015', '99887766', '123456', '654321'])
      expect(stored).not.toContain(secret);
    for (const name of [
      'taxId',
      'bankRoutingNumber',
      'bankAccountNumber',
      'confirmAccountNumber',
      'emailCode',
      'mobileCode',
    ])
      expect(stored).not.toContain(name);
    expect(stored).toContain('Green Acres');
    expect(stored).toContain('Farm Bank');
  });

  it('gives the values back on return, secrets blank, and only programs still offered', () => {
    const storage = memoryStorage();
    saveDraft(typed(), 4, storage, new Date('2026-05-01T10:00:00Z'));
    const draft = loadDraft(storage, new Date('2026-05-02T10:00:00Z'))!;
    expect(draft.step).toBe(4);
    const values = valuesFromDraft(draft, [3]);
    expect(values).toMatchObject({
      programIds: ['3'],
      farmName: 'Green Acres',
      taxId: '',
      emailCode: '',
      mobileCode: '',
      answers: { [answerField(3, 'grows-own')]: 'yes' },
      bankAccount: expect.objectContaining({
        bankName: 'Farm Bank',
        bankRoutingNumber: '',
        bankAccountNumber: '',
        confirmAccountNumber: '',
        firstName: 'Rosa',
      }),
    });
  });

  it('drops a secret written into the stored draft by anything else when it is read', () => {
    const storage = memoryStorage();
    saveDraft(typed(), 0, storage, new Date('2026-05-01T10:00:00Z'));
    const stored = JSON.parse(storage.items.get(DRAFT_KEY)!) as { values: Record<string, unknown> };
    stored.values.taxId = '123456789';
    storage.items.set(DRAFT_KEY, JSON.stringify(stored));
    const draft = loadDraft(storage, new Date('2026-05-01T11:00:00Z'))!;
    expect(JSON.stringify(draft)).not.toContain('123456789');
    expect(valuesFromDraft(draft, [3, 9]).taxId).toBe('');
  });

  it('forgets a draft too old, unreadable, or cleared', () => {
    const storage = memoryStorage();
    saveDraft(typed(), 0, storage, new Date('2026-01-01T10:00:00Z'));
    expect(loadDraft(storage, new Date('2026-03-01T10:00:00Z'))).toBeNull();
    expect(storage.items.has(DRAFT_KEY)).toBe(false);

    storage.items.set(DRAFT_KEY, '{not json');
    expect(loadDraft(storage)).toBeNull();
    storage.items.set(DRAFT_KEY, JSON.stringify({ version: 1, savedAt: 'yesterday', step: 0, values: {} }));
    expect(loadDraft(storage)).toBeNull();

    saveDraft(typed(), 0, storage);
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it('keeps nothing for a blank form', () => {
    expect(hasContent(emptyValues())).toBe(false);
    expect(hasContent({ ...emptyValues(), farmName: 'G' })).toBe(true);
    // The secrets alone are not worth a draft (and would not be kept).
    expect(hasContent({ ...emptyValues(), taxId: '123456789' })).toBe(false);
  });
});
