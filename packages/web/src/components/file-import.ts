import type { FileImportAnswer } from '@ebt/core/imports';
import { MESSAGES } from '@ebt/core/messages';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { showNotice } from './confirm-action';

/** What an import's mutation takes: the file and where its progress goes, plus the area's own fields. */
export interface FileImportVariables {
  file: File;
  onProgress?: (percent: number) => void;
}

/**
 * The state of an import screen (A§5, B§5 files): the picked file, the upload's progress, the answer, and the submit
 * that answers no file or an empty one with the 'You must select an input file.' dialog, sends the file with the
 * area's fields and moves focus to the outcome. `fieldsOf` gives the area's fields, or null when one is missing
 * (the screen then marks it). Spread `fields` on FileImportFields and `outcome` on FileImportOutcome.
 */
export function useFileImport<V extends FileImportVariables, E>(
  upload: UseMutationResult<FileImportAnswer, E, V>,
  { title, fieldsOf }: { title: string; fieldsOf: () => Omit<V, keyof FileImportVariables> | null },
) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [answer, setAnswer] = useState<FileImportAnswer | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  /** Another file or another choice: the last outcome no longer describes what is on screen. */
  const clear = () => {
    setAnswer(null);
    upload.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    if (!file || file.size === 0) {
      showNotice({ title, message: MESSAGES.FILE_REQUIRED });
      return;
    }
    const fields = fieldsOf();
    if (!fields) return;
    setPercent(0);
    try {
      setAnswer(await upload.mutateAsync({ ...fields, file, onProgress: setPercent } as V));
    } catch {
      // FileImportOutcome shows why (the mutation's error).
    }
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  return {
    submit,
    clear,
    fields: {
      file,
      onFileChange: (next: File | null) => {
        setFile(next);
        clear();
      },
      pending: upload.isPending,
      percent,
    },
    outcome: { ref: outcomeRef, answer, error: upload.isError ? upload.error : null },
  };
}
