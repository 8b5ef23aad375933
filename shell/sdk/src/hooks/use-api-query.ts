import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isAbortError } from '../api/api-error.ts';

export interface ApiQueryOptions {
  /** false: do not fetch (data stays undefined, loading false). Default true. */
  enabled?: boolean;
  /** Keep showing the previous key's data while the new key loads. Default false. */
  keepPreviousData?: boolean;
}

export interface ApiQueryResult<T> {
  data: T | undefined;
  error: unknown;
  /** True while the current key has no settled result yet. */
  loading: boolean;
  /** Fetch the current key again (e.g. a Retry button). */
  refetch: () => void;
}

interface Settled<T> {
  requestKey: string;
  data?: T;
  error?: unknown;
}

/**
 * Minimal data hook: runs `fn` whenever `key` changes (compared by JSON value), passes it an
 * AbortSignal that fires when the key changes or the component unmounts, and exposes
 * loading / error / data. Aborted requests never update state.
 */
export function useApiQuery<T>(
  key: unknown,
  fn: (signal: AbortSignal) => Promise<T>,
  options: ApiQueryOptions = {},
): ApiQueryResult<T> {
  const { enabled = true, keepPreviousData = false } = options;
  const [nonce, setNonce] = useState(0);
  const requestKey = `${JSON.stringify(key)}#${nonce}`;
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  // Always call the latest fn without making it an effect dependency.
  const fnRef = useRef(fn);
  useLayoutEffect(() => {
    fnRef.current = fn;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fnRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ requestKey, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ requestKey, error });
      },
    );
    return () => controller.abort();
  }, [requestKey, enabled]);

  const refetch = useCallback(() => setNonce((n) => n + 1), []);

  const isCurrent = settled?.requestKey === requestKey;
  if (!enabled) return { data: undefined, error: undefined, loading: false, refetch };
  return {
    data: isCurrent ? settled.data : keepPreviousData ? settled?.data : undefined,
    error: isCurrent ? settled.error : undefined,
    loading: !isCurrent,
    refetch,
  };
}
