import type { BenefitFileRowError } from '@ebt/core/benefits';
import { DataTable } from '../../../components/DataTable';

/** The rows the import did not take (A§8 'Benefit file processed.' with its counts): row, column and reason. */
export function FileErrorTable({ errors }: { errors: readonly BenefitFileRowError[] }) {
  // The same problem may repeat in a file; the position keeps each row's key unique.
  const rows = errors.map((error, index) => ({ ...error, index }));
  return (
    <DataTable
      caption="Rows not imported"
      rows={rows}
      rowKey={(error) => String(error.index)}
      columns={[
        {
          key: 'row',
          header: 'Row',
          align: 'right',
          width: 80,
          render: (error) => (error.row === 0 ? 'File' : String(error.row)),
        },
        { key: 'column', header: 'Column', render: (error) => error.column ?? 'Whole row' },
        { key: 'reason', header: 'Reason' },
      ]}
    />
  );
}
