import type { FarmerApplicationDuplicate } from '@ebt/core/farmer-applications';
import { describe, expect, it } from 'vitest';
import {
  answerText,
  countText,
  duplicateKindText,
  EVENT_LABEL,
  STATUS_COLOR,
  STATUS_LABEL,
  STATUS_OPTIONS,
} from './labels';
import { duplicatePath } from './components/DuplicatesPanel';

const duplicate = (extra: Partial<FarmerApplicationDuplicate>): FarmerApplicationDuplicate => ({
  kind: 'application',
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Hill Farm',
  reference: 'FA-000012',
  status: 'refused',
  inScope: true,
  fields: ['email'],
  ...extra,
});

describe('the staff review labels', () => {
  it('names every status, gives each a colour, and offers each in the filter in order', () => {
    expect(STATUS_OPTIONS).toEqual([
      { value: 'submitted', label: 'Submitted' },
      { value: 'more-info', label: 'More information needed' },
      { value: 'approved', label: 'Approved' },
      { value: 'refused', label: 'Refused' },
    ]);
    expect(Object.keys(STATUS_COLOR).sort()).toEqual(Object.keys(STATUS_LABEL).sort());
    expect(EVENT_LABEL.resubmitted).toBe('Completed by the farmer');
  });

  it('says what a duplicate is, and where it opens in the portal', () => {
    expect(duplicateKindText(duplicate({}))).toBe('Application FA-000012 (Refused)');
    expect(duplicateKindText(duplicate({ kind: 'merchant', reference: 'M1001', status: null }))).toBe('Merchant M1001');
    expect(duplicateKindText(duplicate({ kind: 'merchant', reference: null, status: null }))).toBe('Merchant');
    expect(duplicatePath('program', duplicate({}))).toBe(
      '/program/farmer-applications/11111111-1111-4111-8111-111111111111',
    );
    expect(duplicatePath('admin', duplicate({ kind: 'merchant' }))).toBe(
      '/admin/merchant/11111111-1111-4111-8111-111111111111',
    );
  });

  it('reads answers and counts as a person would', () => {
    expect(answerText('yes-no', 'yes')).toBe('Yes');
    expect(answerText('yes-no', 'no')).toBe('No');
    expect(answerText('yes-no', '')).toBe('');
    expect(answerText('text', 'Saturdays')).toBe('Saturdays');
    expect(countText(0, false)).toBe('0 applications');
    expect(countText(1, false)).toBe('1 application');
    expect(countText(1234, false)).toBe('1,234 applications');
    expect(countText(1000, true)).toBe('More than 1,000 applications');
  });
});
