import { FileImportAnswer } from '@ebt/core/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../lib/upload';
import { merchantKeys } from './api';

/** B§7: the multipart field of POST /merchant-api/merchant/file. */
export const MERCHANT_FILE_FIELD = 'merchantFile';
/** The sample the server builds for the caller from their programs (helper route GET .../file/sample). */
export const MERCHANT_FILE_SAMPLE_PATH = '/merchant-api/merchant/file/sample';

export interface MerchantFileUpload {
  file: File;
  /** 0-100 as the file goes up (UploadProgress). */
  onProgress?: (percent: number) => void;
}

/**
 * POST /merchant-api/merchant/file (B§7, issue 13 item 6): the answer is core's FileImportAnswer ('Merchant file
 * processed.', processed, added, updated, the rows refused). Added or changed merchants change every cached search,
 * detail and locator list, so the area's queries are refreshed before the answer shows.
 */
export function useImportMerchantFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: MerchantFileUpload) => {
      const data = new FormData();
      data.append(MERCHANT_FILE_FIELD, file, file.name);
      return FileImportAnswer.parse(await uploadFile<unknown>('/merchant-api/merchant/file', data, { onProgress }));
    },
    onSuccess: async (result) => {
      if (result.added + result.updated > 0) await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
    },
  });
}
