import type { MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Where a column's cell goes when a row shows as a card (a phone): `title` top left (the row's
 * name), `corner` top right (a status), `field` under them with the column header as its label,
 * `actions` at the bottom right, `hidden` not shown. By default the first column is the title,
 * an alignRight column holds the actions and the rest are fields, in column order.
 */
export type CardPlace = 'title' | 'corner' | 'field' | 'actions' | 'hidden';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's maximum width. */
  maw?: number;
  /**
   * A column of less use, shown in the table only from this width up, so the table fits a
   * 1280 px screen without scrolling sideways (a card shows it always).
   */
  visibleFrom?: MantineBreakpoint;
  /** The actions column: its header sits on the right. */
  alignRight?: boolean;
  /** Its place on a card; see CardPlace. */
  card?: CardPlace;
}

/** The look of a muted row or card. */
export const mutedStyle = {
  backgroundColor: 'var(--mantine-color-gray-0)',
  opacity: 0.7,
} as const;

/** The look of a struck-through row or card (a voided payment): its text crossed out. */
const struckStyle = { textDecoration: 'line-through' } as const;

interface RowState {
  /** Dimmed, on a grey background (a deactivated member). */
  muted?: boolean;
  /** Its text crossed out (a voided payment). */
  struck?: boolean;
  /** Opening the row: it then takes clicks and shows a pointer. */
  onClick?: () => void;
}

/**
 * The attributes of a table row or a card that may be muted, struck or opened: `data-muted` and
 * `data-struck` only when so, the click, and the look.
 */
export const rowProps = ({ muted = false, struck = false, onClick }: RowState) => ({
  'data-muted': muted || undefined,
  'data-struck': struck || undefined,
  onClick,
  style: {
    ...(onClick ? { cursor: 'pointer' } : {}),
    ...(muted ? mutedStyle : {}),
    ...(struck ? struckStyle : {}),
  },
});
