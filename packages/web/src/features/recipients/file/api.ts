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
}

/**
 * recipientApi.importFile with the program and the file in its upload field (`accountFile`). Added and updated
 * recipients change every search and detail the screen may have cached, so the area's queries are refreshed before
 * the answer shows.
 */
export function useImportAccountFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programUuid, file, onProgress }: AccountFileUpload) => {
      const data = new FormData();
      data.append(recipientApi.importFile.upload.field, file, file.name);
      return uploadTo(recipientApi.importFile, { params: { programUuid } }, data, { onProgress });
    },
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
