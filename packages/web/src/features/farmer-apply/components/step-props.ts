import type { OpenFarmerProgram } from '@ebt/core/farmer-applications';
import type { UseFormReturnType } from '@mantine/form';
import type { ApplicationValues, FormContext, FormMode } from '../application-form';

/** A completed application's numbers on file, masked as the status link answers them. */
export interface KeptNumbers {
  taxId: string;
  routingNumber: string;
  accountNumber: string;
}

/** What every step of the application gets. */
export interface StepProps {
  form: UseFormReturnType<ApplicationValues>;
  context: FormContext;
  mode: FormMode;
  programs: readonly OpenFarmerProgram[];
  kept?: KeptNumbers;
}
