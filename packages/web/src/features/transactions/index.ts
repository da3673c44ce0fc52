// What other features may use of the transactions area: the recipient's recent transactions of one program (the
// recipient's program detail).
export { RecentTransactions } from './components/RecentTransactions';
