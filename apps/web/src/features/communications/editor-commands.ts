import { Extension, type Editor } from '@tiptap/core';
import type { MessagePlaceholder } from '@kora/shared';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    fontSize: {
      /** Sets the font size of the selection ('18px'). */
      setFontSize: (size: string) => ReturnType;
      /** Back to the normal size. */
      unsetFontSize: () => ReturnType;
    };
  }
}

/**
 * A font size on the text style mark: `<span style="font-size: 18px">` (what the server's
 * allow-list keeps of a span).
 */
export const FontSize = Extension.create({
  name: 'fontSize',
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          fontSize: {
            default: null,
            parseHTML: (element: HTMLElement) => element.style.fontSize || null,
            renderHTML: (attributes: { fontSize?: string | null }) =>
              attributes.fontSize ? { style: `font-size: ${attributes.fontSize}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setFontSize:
        (size) =>
        ({ chain }) =>
          chain().setMark('textStyle', { fontSize: size }).run(),
      unsetFontSize:
        () =>
        ({ chain }) =>
          chain().setMark('textStyle', { fontSize: null }).removeEmptyTextStyle().run(),
    };
  },
});

/** The sizes of the Font size menu; Normal has none. */
export const FONT_SIZES = [
  { label: 'Small', size: '12px' },
  { label: 'Normal', size: null },
  { label: 'Large', size: '18px' },
  { label: 'Extra Large', size: '24px' },
] as const;

/** Applies a size of the menu to the selection (null: Normal). */
export const applyFontSize = (editor: Editor, size: string | null) =>
  size
    ? editor.chain().focus().setFontSize(size).run()
    : editor.chain().focus().unsetFontSize().run();

/** The text a placeholder is written as: `{{first_name}}`. */
export const placeholderText = (key: MessagePlaceholder) => `{{${key}}}`;

/** Inserts a placeholder where the cursor is. */
export const insertPlaceholder = (editor: Editor, key: MessagePlaceholder) =>
  editor.chain().focus().insertContent(placeholderText(key)).run();
