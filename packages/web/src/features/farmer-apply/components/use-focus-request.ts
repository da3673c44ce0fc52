import { useCallback, useEffect, useState } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Moves the focus once React has drawn what a change brings (a new field, a banner): `focusLater(() => element)`.
 * Each request focuses once, after the render it caused.
 */
export function useFocusRequest(): (target: Target) => void {
  const [request, setRequest] = useState<{ target: Target; seq: number } | null>(null);
  useEffect(() => {
    request?.target()?.focus();
  }, [request]);
  return useCallback((target: Target) => setRequest((current) => ({ target, seq: (current?.seq ?? 0) + 1 })), []);
}

/** The first field marked invalid inside an element. */
export function firstInvalid(container: HTMLElement | null | undefined): HTMLElement | null {
  return container?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}
