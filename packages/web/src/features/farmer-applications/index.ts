// What other features may use of the farmer applications' staff review and settings.
export { ProgramFarmerApplicationCard } from './components/ProgramFarmerApplicationCard';
