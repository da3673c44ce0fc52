import { FILE_CHECK_TOKEN_FIELD } from '@ebt/core/imports';
import { recipientApi } from '@ebt/core/recipients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-client';
import { uploadTo } from '../../../lib/upload';

// The account file upload (B§2 "Account file", B§7 "Account import"); it answers the one file-import answer of
// core (FileImportAnswer), as the benefit file does. The program list is lib/lookups.ts's useCallerPrograms.

export interface AccountFileUpload {
  programUuid: string;
  file: File;
  /** 0-100 as the file goes up (UploadProgress). */
  onProgress?: (percent: number) => void;
  /** The token of the check this file passed (decision 0117). */
  checkToken?: string;
}

function accountFileData({ file, checkToken }: AccountFileUpload): FormData {
  const data = new FormData();
  // Text fields before the file: the server reads the parts in order.
  if (checkToken) data.append(FILE_CHECK_TOKEN_FIELD, checkToken);
  data.append(recipientApi.importFile.upload.field, file, file.name);
  return data;
}

/** The account file checked (recipientApi.checkFile): what each row would do; nothing is written. */
export function useCheckAccountFile() {
  return useMutation({
    mutationFn: (upload: AccountFileUpload) =>
      uploadTo(recipientApi.checkFile, { params: { programUuid: upload.programUuid } }, accountFileData(upload), {
        onProgress: upload.onProgress,
      }),
  });
}

/**
 * recipientApi.importFile with the program and the file in its upload field (`accountFile`). Added and updated
 * recipients change every search and detail the screen may have cached, so the area's queries are refreshed before
 * the answer shows.
 */
export function useImportAccountFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: AccountFileUpload) =>
      uploadTo(recipientApi.importFile, { params: { programUuid: upload.programUuid } }, accountFileData(upload), {
        onProgress: upload.onProgress,
      }),
    onSuccess: async (result) => {
      if (result.added + result.updated > 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: endpointKey(recipientApi.search) }),
          queryClient.invalidateQueries({ queryKey: endpointKey(recipientApi.detail) }),
        ]);
      }
    },
  });
}
