import { DataTable } from './DataTable';

/** One problem of an imported file (account file, benefit file): its spreadsheet row, column and reason. */
export interface FileRowError {
  /** The row number as the spreadsheet shows it; 0 for a problem of the whole file. */
  row: number;
  column?: string | null;
  reason: string;
}

/**
 * The rows an import did not take (A§5, B§5 file imports), readable by the person who fixes the file: row, column
 * ('Whole row' when the problem is not one cell's) and reason.
 */
export function FileRowErrors({ errors, caption }: { errors: readonly FileRowError[]; caption: string }) {
  // A row may fail in several columns, and the same problem may repeat: the position keeps each key unique.
  const rows = errors.map((error, index) => ({ ...error, index }));
  return (
    <DataTable
      caption={caption}
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
