// What the card devices module offers other modules (decision 0019): the PANs module revokes a card's phones when the
// card is reported lost or stolen or statused Lost, Stolen or Inactive (decision 0108).
export { revokeCardDevices } from './revoke.js';
