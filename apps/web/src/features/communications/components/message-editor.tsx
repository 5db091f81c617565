import '@mantine/tiptap/styles.css';
import { Button, Input, Menu } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconBraces, IconChevronDown, IconTextSize } from '@tabler/icons-react';
import TextAlign from '@tiptap/extension-text-align';
import TextStyle from '@tiptap/extension-text-style';
import Underline from '@tiptap/extension-underline';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MESSAGE_PLACEHOLDERS } from '@kora/shared';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  FONT_SIZES,
  FontSize,
  applyFontSize,
  insertPlaceholder,
  placeholderText,
} from '../editor-commands';

/**
 * A toolbar button opening a menu of `children` (Menu.Item, Menu.Label). Choosing an item
 * leaves the caret in the text (the items focus the editor): the menu does not hand focus back
 * to its button afterwards. Escape still returns to the button.
 */
function ToolbarMenu(props: {
  icon: ReactNode;
  label: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-start" withinPortal={false} returnFocus={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={props.icon}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={props.disabled}
        >
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{props.children}</Menu.Dropdown>
    </Menu>
  );
}

/** What the editor holds after each change: its HTML, and its text (for the SMS count). */
export interface EditorChange {
  html: string;
  text: string;
}

interface MessageEditorProps {
  /** The content it opens with (a draft kept over a reload). */
  initialHtml: string;
  onChange: (change: EditorChange) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Tests: the editor once it is created. */
  onReady?: (editor: Editor) => void;
}

const textOf = (editor: Editor) => editor.getText({ blockSeparator: '\n' });

/**
 * The message's rich-text editor: bold, italic, underline, alignment, lists, font size and the
 * placeholders filled per recipient.
 */
export function MessageEditor(props: MessageEditorProps) {
  const { initialHtml, onChange, onBlur, error, disabled, onReady } = props;
  const labelId = useId();
  const errorId = useId();
  // The latest callbacks, for the editor created once.
  const handlers = useRef({ onChange, onBlur, onReady });
  useEffect(() => {
    handlers.current = { onChange, onBlur, onReady };
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Underline,
      TextStyle,
      FontSize,
      TextAlign.configure({ types: ['paragraph'] }),
    ],
    content: initialHtml,
    editable: !disabled,
    onCreate: ({ editor: created }) => handlers.current.onReady?.(created),
    onUpdate: ({ editor: changed }) =>
      handlers.current.onChange({ html: changed.getHTML(), text: textOf(changed) }),
    onBlur: () => handlers.current.onBlur?.(),
  });

  useEffect(() => {
    if (!editor) return;
    editor.setEditable(!disabled, false);
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        },
      },
    });
  }, [editor, disabled, error, labelId, errorId]);

  return (
    <Input.Wrapper
      label="Message"
      withAsterisk
      error={error}
      errorProps={{ id: errorId }}
      labelProps={{ id: labelId }}
    >
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <ToolbarMenu
            icon={<IconTextSize size={16} aria-hidden />}
            label="Font size"
            disabled={disabled}
          >
            {FONT_SIZES.map(({ label, size }) => (
              <Menu.Item
                key={label}
                onClick={() => editor && applyFontSize(editor, size)}
                style={size ? { fontSize: size } : undefined}
              >
                {label}
              </Menu.Item>
            ))}
          </ToolbarMenu>
          <ToolbarMenu
            icon={<IconBraces size={16} aria-hidden />}
            label="Placeholders"
            disabled={disabled}
          >
            <Menu.Label>Filled in for each recipient</Menu.Label>
            {MESSAGE_PLACEHOLDERS.map(({ key, label }) => (
              <Menu.Item
                key={key}
                onClick={() => editor && insertPlaceholder(editor, key)}
                rightSection={
                  <code style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
                    {placeholderText(key)}
                  </code>
                }
              >
                {label}
              </Menu.Item>
            ))}
          </ToolbarMenu>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
