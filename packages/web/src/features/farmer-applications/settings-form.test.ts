import { FARMER_APPLICATION_MESSAGES, type FarmerApplicationSettings } from '@ebt/core/farmer-applications';
import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import {
  emptyQuestion,
  moveQuestion,
  settingsBody,
  settingsFieldNames,
  settingsValuesOf,
  validateSettings,
  type SettingsValues,
} from './settings-form';

const saved: FarmerApplicationSettings = {
  programUuid: '22222222-2222-4222-8222-222222222222',
  programId: 1,
  programName: 'Harvest',
  open: true,
  agreementText: 'I agree.',
  agreementTextEs: null,
  questions: [
    {
      key: 'organic',
      kind: 'yes-no',
      label: 'Are you certified organic?',
      labelEs: null,
      required: true,
      effectiveFrom: '2026-01-01',
      effectiveTo: null,
    },
  ],
  updatedAt: null,
};

const withQuestion = (values: SettingsValues, change: Partial<SettingsValues['questions'][number]>) => ({
  ...values,
  questions: [{ ...values.questions[0]!, ...change }],
});

describe('the farmer application settings form', () => {
  it('starts from the saved settings, blanks for what is not set, each row with its own id', () => {
    const values = settingsValuesOf({
      ...saved,
      questions: [...saved.questions, { ...saved.questions[0]!, key: 'b' }],
    });
    expect(values).toMatchObject({ open: true, agreementText: 'I agree.', agreementTextEs: '' });
    expect(values.questions[0]).toMatchObject({ key: 'organic', labelEs: '', effectiveTo: '' });
    expect(values.questions[0]!.rowId).not.toBe(values.questions[1]!.rowId);
  });

  it('sends the body without the row ids, blanks as null', () => {
    expect(settingsBody(settingsValuesOf(saved))).toEqual({
      open: true,
      agreementText: 'I agree.',
      agreementTextEs: null,
      questions: [{ ...saved.questions[0]!, labelEs: null, effectiveTo: null }],
    });
  });

  it('accepts saved settings and a new question of today', () => {
    const values = settingsValuesOf(saved);
    expect(validateSettings(values)).toEqual({});
    const added = {
      ...values,
      questions: [...values.questions, { ...emptyQuestion('2026-05-01'), key: 'acres', label: 'Acres?' }],
    };
    expect(validateSettings(added)).toEqual({});
    expect(emptyQuestion('2026-05-01')).toMatchObject({ kind: 'yes-no', required: false, effectiveFrom: '2026-05-01' });
  });

  it("names each problem at its row's field: required, dates in order, keys unique, agreement while open", () => {
    const values = settingsValuesOf(saved);
    expect(validateSettings(withQuestion(values, { key: ' ', label: '', effectiveFrom: '' }))).toEqual({
      'questions.0.key': MESSAGES.FIELD_REQUIRED,
      'questions.0.label': MESSAGES.FIELD_REQUIRED,
      'questions.0.effectiveFrom': MESSAGES.FIELD_REQUIRED,
    });
    expect(validateSettings(withQuestion(values, { effectiveTo: '2025-12-31' }))).toEqual({
      'questions.0.effectiveTo': FARMER_APPLICATION_MESSAGES.QUESTION_DATES,
    });
    expect(validateSettings(withQuestion(values, { effectiveTo: '2026-01-01' }))).toEqual({});
    expect(
      validateSettings({ ...values, questions: [values.questions[0]!, { ...values.questions[0]!, rowId: 'x' }] }),
    ).toEqual({
      questions: FARMER_APPLICATION_MESSAGES.QUESTION_KEYS_UNIQUE,
    });
    expect(validateSettings({ ...values, agreementText: '  ' })).toEqual({ agreementText: MESSAGES.FIELD_REQUIRED });
    expect(validateSettings({ ...values, open: false, agreementText: '' })).toEqual({});
    expect(Object.keys(validateSettings(withQuestion(values, { key: 'Has Space' })))).toEqual(['questions.0.key']);
  });

  it("lists the fields a server's error may name, row by row", () => {
    const names = settingsFieldNames(settingsValuesOf(saved));
    expect(names).toContain('agreementText');
    expect(names).toContain('questions.0.effectiveTo');
    expect(names).not.toContain('questions.1.key');
  });

  it('moves a row one place, and leaves the list alone at either end', () => {
    expect(moveQuestion(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
