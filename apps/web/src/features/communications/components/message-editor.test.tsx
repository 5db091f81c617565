import { screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { stubEditorLayout } from '../test-fixtures';
import { MessageEditor, type EditorChange } from './message-editor';

/** The editor opened with `initialHtml`, once it has been created. */
const open = async (initialHtml = '<p>Hello there</p>') => {
  const onChange = vi.fn<(change: EditorChange) => void>();
  let editor: Editor | undefined;
  const { user } = renderPage(
    <MessageEditor
      initialHtml={initialHtml}
      onChange={onChange}
      onReady={(created) => (editor = created)}
    />,
  );
  const ready = await vi.waitFor(() => {
    if (!editor) throw new Error('The editor is not created yet');
    return editor;
  });
  return { onChange, editor: () => ready, user };
};
const last = (onChange: Awaited<ReturnType<typeof open>>['onChange']) =>
  onChange.mock.calls.at(-1)![0];

beforeEach(() => stubEditorLayout());

describe('MessageEditor', () => {
  it('has the controls: bold, italic, underline, alignment, lists, font size, placeholders', async () => {
    await open();
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Align text: left',
      'Align text: center',
      'Align text: right',
      'Bullet list',
      'Ordered list',
      'Font size',
      'Placeholders',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveTextContent('Hello there');
  });

  it('the Font size menu sets the size of the selection; Normal takes it off', async () => {
    const { onChange, editor, user } = await open();
    editor().commands.selectAll();
    await user.click(screen.getByRole('button', { name: 'Font size' }));
    for (const size of ['Small', 'Normal', 'Large', 'Extra Large'])
      expect(screen.getByRole('menuitem', { name: size })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Extra Large' }));
    expect(last(onChange).html).toBe('<p><span style="font-size: 24px;">Hello there</span></p>');
    editor().commands.selectAll();
    await user.click(screen.getByRole('button', { name: 'Font size' }));
    await user.click(screen.getByRole('menuitem', { name: 'Normal' }));
    expect(last(onChange).html).toBe('<p>Hello there</p>');
  });

  it('Bold and alignment shape the HTML the server keeps', async () => {
    const { onChange, editor, user } = await open();
    editor().commands.selectAll();
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.click(screen.getByRole('button', { name: 'Align text: center' }));
    expect(last(onChange).html).toBe(
      '<p style="text-align: center;"><strong>Hello there</strong></p>',
    );
    expect(last(onChange).text).toBe('Hello there');
  });

  it('every placeholder is offered, and inserted as {{name}}', async () => {
    const { onChange, editor, user } = await open('<p>Dear</p>');
    editor().commands.focus('end');
    await user.click(screen.getByRole('button', { name: 'Placeholders' }));
    for (const name of [
      'First name',
      'Last name',
      'Full name',
      'Email',
      'Phone',
      'Business name',
      'Subscription plan',
      'Expiry date',
    ])
      expect(screen.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /^Subscription plan/ }));
    expect(last(onChange)).toEqual({
      html: '<p>Dear{{subscription_plan}}</p>',
      text: 'Dear{{subscription_plan}}',
    });
  });

  it('after a placeholder is chosen the caret is back in the text: typing goes on in the message', async () => {
    const { onChange, editor, user } = await open('<p>Dear</p>');
    editor().commands.focus('end');
    await user.click(screen.getByRole('button', { name: 'Placeholders' }));
    await user.click(screen.getByRole('menuitem', { name: /^First name/ }));
    const textbox = screen.getByRole('textbox', { name: /Message/ });
    // Past the menu's own focus return (10 ms after it closes).
    await new Promise((r) => setTimeout(r, 50));
    expect(textbox).toHaveFocus();
    await user.keyboard(', welcome');
    expect(last(onChange).text).toBe('Dear{{first_name}}, welcome');
  });

  it('the same from the keyboard: Enter on a placeholder, then typing continues', async () => {
    const { onChange, editor, user } = await open('<p>Hi</p>');
    editor().commands.focus('end');
    screen.getByRole('button', { name: 'Placeholders' }).focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: /^Business name/ });
    item.focus();
    await user.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveFocus();
    await user.keyboard('!');
    expect(last(onChange).text).toBe('Hi{{business_name}}!');
  });

  it('Escape closes the menu and leaves focus on its button', async () => {
    const { user } = await open();
    const button = screen.getByRole('button', { name: 'Placeholders' });
    await user.click(button);
    await screen.findByRole('menuitem', { name: /^First name/ });
    await user.keyboard('{Escape}');
    await new Promise((r) => setTimeout(r, 50));
    expect(button).toHaveFocus();
  });
});
