// What other features may use of the farmer's merchant portal: the merchant the farmer user sells for now (every
// farmer screen sells, lists or pays for that one), with the others they may switch to.
export { useCurrentMerchant } from './current-merchant';
