import { FileImportAnswer } from '@ebt/core/imports';
import { ACCOUNT_FILE_FIELD } from '@ebt/core/recipients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload';
import { recipientKeys } from '../api';

// The account file upload (B§2 "Account file", B§7 "Account import"); it answers the one file-import answer of
// core (FileImportAnswer), as the benefit file does. The program list is lib/lookups.ts's useCallerPrograms.

export interface AccountFileUpload {
  programUuid: string;
  file: File;
  /** 0-100 as the file goes up (UploadProgress). */
  onProgress?: (percent: number) => void;
}

/**
 * POST /account-api/account/file/{programUuid} with the file in `accountFile`. Added and updated recipients change
 * every search and detail the screen may have cached, so the area's queries are refreshed before the answer shows.
 */
export function useImportAccountFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ programUuid, file, onProgress }: AccountFileUpload) => {
      const data = new FormData();
      data.append(ACCOUNT_FILE_FIELD, file, file.name);
      return FileImportAnswer.parse(
        await uploadFile<unknown>(`/account-api/account/file/${encodeURIComponent(programUuid)}`, data, {
          onProgress,
        }),
      );
    },
    onSuccess: async (result) => {
      if (result.added + result.updated > 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: recipientKeys.searches() }),
          queryClient.invalidateQueries({ queryKey: recipientKeys.details() }),
        ]);
      }
    },
  });
}
