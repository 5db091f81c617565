import { useEffect, useState } from 'react';

/**
 * Why a page's code could not be loaded: the server is rate-limiting this browser (wait),
 * a release replaced the file (reload for the new version), or the network failed (reconnect).
 */
export type ChunkFailure = 'rate-limited' | 'stale' | 'unreachable';

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** A page's code (a lazily imported module) failed to load. */
export const isChunkFailure = (error: unknown): error is Error =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

/** The module's address, when the browser names it (Chrome and Firefox do; Safari does not). */
const moduleUrl = (message: string) => /https?:\/\/[^\s'"]+/.exec(message)?.[0] ?? null;

/**
 * A failed import does not tell its status, so the file is asked for again: a 429 means wait,
 * a 404 (or a page served in its place) means a new release, and a file that is there (or a
 * server or network failure) means the connection let the page down. Without an address, a new
 * release is the likeliest cause.
 */
const diagnoseChunkFailure = async (error: Error): Promise<ChunkFailure> => {
  const url = moduleUrl(error.message);
  if (!url) return 'stale';
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (res.status === 429) return 'rate-limited';
    const page = (res.headers.get('content-type') ?? '').includes('text/html');
    if (res.status === 404 || res.status === 410 || (res.ok && page)) return 'stale';
    return 'unreachable';
  } catch {
    return 'unreachable';
  }
};

/** The cause of a chunk failure once known (null while the file is asked for, or no such failure). */
export const useChunkFailure = (error: unknown): ChunkFailure | null => {
  const [cause, setCause] = useState<ChunkFailure | null>(null);
  useEffect(() => {
    if (!isChunkFailure(error)) return;
    let live = true;
    void diagnoseChunkFailure(error).then((c) => {
      if (live) setCause(c);
    });
    return () => {
      live = false;
    };
  }, [error]);
  return isChunkFailure(error) ? cause : null;
};
