import { TAX_CLASSES, TIN_TYPES } from '@ebt/core/enums';
import type { TaxClassOption, TinTypeOption } from '@ebt/core/merchants';

// GET /merchant-api/tax-classes and /merchant-api/tin-types (B§3 Lookups, B§9). The lists are core's constants,
// which db/reference-data.ts writes to tax_classes and tin_types, so answering them costs no database read.

export function listTaxClasses(): TaxClassOption[] {
  return TAX_CLASSES.map((c) => ({ ...c }));
}

export function listTinTypes(): TinTypeOption[] {
  return TIN_TYPES.map((t) => ({ ...t }));
}
