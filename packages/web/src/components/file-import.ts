import type { FileCheckAnswer, FileImportAnswer } from '@ebt/core/imports';
import { MESSAGES } from '@ebt/core/messages';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { showNotice } from './confirm-action';

/** What an import's mutation takes: the file and where its progress goes, plus the area's own fields. */
export interface FileImportVariables {
  file: File;
  onProgress?: (percent: number) => void;
  /** The token of the check this very file passed (decision 0117): the import then refuses any other file. */
  checkToken?: string;
}

/**
 * The state of an import screen (A§5, B§5 files): the picked file, the upload's progress, the answer, and the submit
 * that answers no file or an empty one with the 'You must select an input file.' dialog, sends the file with the
 * area's fields and moves focus to the outcome. `fieldsOf` gives the area's fields, or null when one is missing
 * (the screen then marks it). Spread `fields` on FileImportFields and `outcome` on FileImportOutcome.
 */
export function useFileImport<V extends FileImportVariables, E>(
  upload: UseMutationResult<FileImportAnswer, E, V>,
  {
    title,
    fieldsOf,
    check,
  }: {
    title: string;
    fieldsOf: () => Omit<V, keyof FileImportVariables> | null;
    /** The area's check of the same upload (decision 0117): adds "Check file" and the checked rows' step. */
    check?: UseMutationResult<FileCheckAnswer, E, V>;
  },
) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [answer, setAnswer] = useState<FileImportAnswer | null>(null);
  const [checked, setChecked] = useState<{ answer: FileCheckAnswer; file: File; fields: object } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const pickerId = useId();

  /** Another file or another choice: the last outcome no longer describes what is on screen. */
  const clear = () => {
    setAnswer(null);
    setChecked(null);
    upload.reset();
    check?.reset();
  };

  /** The file and the area's fields, or null when either is missing (the dialog or the field says so). */
  const input = () => {
    clear();
    if (!file || file.size === 0) {
      showNotice({ title, message: MESSAGES.FILE_REQUIRED });
      return null;
    }
    const fields = fieldsOf();
    if (!fields) return null;
    setPercent(0);
    return { fields, file };
  };

  const send = async (variables: V) => {
    try {
      setAnswer(await upload.mutateAsync(variables));
    } catch {
      // FileImportOutcome shows why (the mutation's error).
    }
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ready = input();
    if (ready) await send({ ...ready.fields, file: ready.file, onProgress: setPercent } as V);
  };

  /** "Check file": the import run and rolled back; its rows show (FileCheckResult moves focus to them). */
  const runCheck = async () => {
    if (!check) return;
    const ready = input();
    if (!ready) return;
    try {
      const found = await check.mutateAsync({ ...ready.fields, file: ready.file, onProgress: setPercent } as V);
      setChecked({ answer: found, file: ready.file, fields: ready.fields });
    } catch {
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  };

  /** "Import these rows": the same file and fields as checked, with the check's token. */
  const importChecked = async () => {
    if (!checked) return;
    setPercent(0);
    const variables = {
      ...checked.fields,
      file: checked.file,
      onProgress: setPercent,
      checkToken: checked.answer.checkToken,
    } as V;
    setChecked(null);
    await send(variables);
  };

  /** "Choose another file": back to an empty form, focus on the file field. */
  const startOver = () => {
    clear();
    setFile(null);
    requestAnimationFrame(() => document.getElementById(pickerId)?.focus());
  };

  const pending = upload.isPending || (check?.isPending ?? false);
  const error = upload.isError ? upload.error : check?.isError ? check.error : null;
  return {
    submit,
    clear,
    fields: {
      file,
      onFileChange: (next: File | null) => {
        setFile(next);
        clear();
      },
      pending,
      percent,
      pickerId,
      onCheck: check ? () => void runCheck() : undefined,
    },
    outcome: { ref: outcomeRef, answer, error },
    check: checked
      ? {
          answer: checked.answer,
          fileName: checked.file.name,
          onImport: () => void importChecked(),
          onStartOver: startOver,
        }
      : null,
  };
}
