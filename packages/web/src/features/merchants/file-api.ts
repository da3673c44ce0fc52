import { FILE_CHECK_TOKEN_FIELD } from '@ebt/core/imports';
import { merchantApi } from '@ebt/core/merchants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadTo } from '../../lib/upload';
import { endpointKey } from '../../lib/endpoint-client';

export interface MerchantFileUpload {
  file: File;
  /** 0-100 as the file goes up (UploadProgress). */
  onProgress?: (percent: number) => void;
  /** The token of the check this file passed (decision 0117). */
  checkToken?: string;
}

function merchantFileData({ file, checkToken }: MerchantFileUpload): FormData {
  const data = new FormData();
  // Text fields before the file: the server reads the parts in order.
  if (checkToken) data.append(FILE_CHECK_TOKEN_FIELD, checkToken);
  data.append(merchantApi.importFile.upload.field, file, file.name);
  return data;
}

/** The merchant file checked (merchantApi.checkFile): what each row would do; nothing is written. */
export function useCheckMerchantFile() {
  return useMutation({
    mutationFn: (upload: MerchantFileUpload) =>
      uploadTo(merchantApi.checkFile, {}, merchantFileData(upload), { onProgress: upload.onProgress }),
  });
}

/**
 * The merchant file upload (B§7): the answer is core's FileImportAnswer ('Merchant file processed.', processed, added,
 * updated, the rows refused). Added or changed merchants change every cached search, detail and locator list, so the
 * area's queries are refreshed before the answer shows.
 */
export function useImportMerchantFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: MerchantFileUpload) =>
      uploadTo(merchantApi.importFile, {}, merchantFileData(upload), { onProgress: upload.onProgress }),
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
