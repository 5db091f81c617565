import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { useCreateSubmit } from './use-create-submit';

describe('useCreateSubmit', () => {
  it('sends once for a double click, also when the second click is handled after the answer', async () => {
    const sent: string[] = [];
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        const create = useMutation({
          mutationFn: async ({ key }: { input: { name: string }; key: string }) => {
            sent.push(key);
            return { id: sent.length };
          },
        });
        return useCreateSubmit('test-create', create, (answer) => `/things/${answer.id}`);
      },
      { wrapper },
    );
    // Two clicks while the first is on its way: one request.
    act(() => {
      result.current.submit({ name: 'Ada' });
      result.current.submit({ name: 'Ada' });
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    // The answer came and the page is on its way out; a late click (a slow phone) sends nothing.
    await waitFor(() => expect(result.current.pending).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    act(() => result.current.submit({ name: 'Ada' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
  });
});
