import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { AppModal } from '@/components/app-modal';
import { cameraProblem, startScan } from '../scan';

interface CameraScanModalProps {
  opened: boolean;
  onClose: () => void;
  /** The first code read; the camera stops. */
  onCode: (text: string) => void;
}

/** Scan a member's QR card with the camera; a refused or missing camera says so plainly. */
export function CameraScanModal({ opened, onClose, onCode }: CameraScanModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Scan a card" size="md">
      {opened ? <CameraView onCode={onCode} onClose={onClose} /> : null}
    </AppModal>
  );
}

function CameraView({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(false);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const el = video.current;
    if (!el) return;
    startScan(el, (text) => {
      if (done.current) return;
      done.current = true;
      latest.current(text);
    })
      .then((s) => {
        if (cancelled) s();
        else stop = s;
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(cameraProblem(error));
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="sm">
      {problem ? (
        <Alert color="red" icon={<IconCameraOff size={20} aria-hidden />} role="alert">
          {problem}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Hold the member&apos;s QR card in front of the camera.
        </Text>
      )}
      <video
        ref={video}
        aria-label="Camera"
        muted
        playsInline
        style={{
          width: '100%',
          borderRadius: 12,
          background: 'black',
          display: problem ? 'none' : 'block',
          aspectRatio: '4 / 3',
          objectFit: 'cover',
        }}
      />
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}
