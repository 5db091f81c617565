import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
} from '@tabler/icons-react';
import type { ExportFormat } from '@kora/shared';
import { useState } from 'react';
import type { Route } from '@/lib/api-route';
import { queryString, type QueryValue } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { requestFile } from '@/lib/http';

const EXPORT_FAILED = 'The export could not be downloaded. Please try again.';

/** Saves a downloaded file through a temporary link (the browser's own download). */
export const saveFile = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

export interface ExportMenuProps {
  /** One of exportContracts. */
  contract: Route;
  /** The list's current filters (from the URL); empty values are left out. */
  filters: Record<string, QueryValue>;
  /** The file's name when the answer gives none: `members` → members.csv. */
  name: string;
}

/**
 * "Export" → CSV or Excel: every row the list's current filters keep (not only the page shown),
 * downloaded with the user's session, a loading state while it comes, a notification on failure.
 */
export function ExportMenu({ contract, filters, name }: ExportMenuProps) {
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setPending(format);
    try {
      const file = await requestFile(contract.path + queryString({ ...filters, format }));
      saveFile(file.blob, file.filename ?? `${name}.${format}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: errorMessage(error, EXPORT_FAILED),
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={pending !== null}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileText size={16} aria-hidden />}
          onClick={() => void download('csv')}
        >
          CSV (.csv)
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void download('xlsx')}
        >
          Excel (.xlsx)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
