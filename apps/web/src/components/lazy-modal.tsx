import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterFirstPage } from '@/lib/after-first-page';

type Frame = ComponentType<ModalProps>;

let loaded: Frame | undefined;
let loading: Promise<{ default: Frame }> | undefined;
/** Mantine's dialog code (with its overlay and scroll lock), fetched once. */
const load = () =>
  (loading ??= import('./modal-frame').then(
    ({ Modal }) => {
      loaded = Modal as Frame;
      return { default: loaded };
    },
    (error: unknown) => {
      loading = undefined; // a failed download is tried again next time
      throw error;
    },
  ));
const LazyFrame = lazy(load);

let preloading = false;
/** Fetches the dialog code once the first page has loaded, so a dialog opens at once. */
const preload = () => {
  if (preloading) return;
  preloading = true;
  void afterFirstPage()
    .then(load)
    .catch(() => undefined);
};

/**
 * Mantine's Modal, whose code is not part of the first page: it arrives once the first page has
 * loaded (or when a dialog opens before that). Nothing is drawn until the dialog first opens;
 * from then on it stays, so it closes with its transition. A dialog opened after the code has
 * arrived shows in the same render, like Mantine's own.
 */
export function Modal(props: ModalProps) {
  const [frame, setFrame] = useState<Frame | null>(() =>
    props.opened ? (loaded ?? LazyFrame) : null,
  );
  if (props.opened && !frame) setFrame(() => loaded ?? LazyFrame);
  useEffect(preload, []);
  if (!frame) return null;
  const Shown = frame;
  return (
    <Suspense fallback={null}>
      <Shown {...props} />
    </Suspense>
  );
}
