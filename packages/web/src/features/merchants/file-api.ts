import { merchantApi } from '@ebt/core/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadTo } from '../../lib/upload';
import { endpointKey } from '../../lib/endpoint-client';

export interface MerchantFileUpload {
  file: File;
  /** 0-100 as the file goes up (UploadProgress). */
  onProgress?: (percent: number) => void;
}

/**
 * The merchant file upload (B§7): the answer is core's FileImportAnswer ('Merchant file processed.', processed, added,
 * updated, the rows refused). Added or changed merchants change every cached search, detail and locator list, so the
 * area's queries are refreshed before the answer shows.
 */
export function useImportMerchantFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: MerchantFileUpload) => {
      const data = new FormData();
      data.append(merchantApi.importFile.upload.field, file, file.name);
      return uploadTo(merchantApi.importFile, {}, data, { onProgress });
    },
    onSuccess: async (result) => {
      if (result.added + result.updated > 0)
        await Promise.all(
          [merchantApi.search, merchantApi.detail, merchantApi.mappings, merchantApi.locator].map((endpoint) =>
            queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
          ),
        );
    },
  });
}
