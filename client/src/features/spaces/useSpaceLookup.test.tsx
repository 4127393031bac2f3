// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, StoreProvider } from '../../lib/store';
import { heldReply, mockGraphQL } from '../../test/graphqlMock';
import { applySpaceChange, spacesAtom } from './atoms';
import { useSpaceLookup } from './useSpaceLookup';

const spaceId = '65a1f0c2b3d4e5f6a7b8c9d0';

afterEach(() => vi.unstubAllGlobals());

describe('useSpaceLookup', () => {
  it('answers not found when the space’s deletion is heard while it was being asked for, and does not store it', async () => {
    const answer = heldReply();
    mockGraphQL({ getProjectBasic: answer.asked });
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
    const { result } = renderHook(() => useSpaceLookup(spaceId), { wrapper });
    await answer.sent();
    expect(result.current.lookup).toBe('checking');
    act(() => applySpaceChange(store, { type: 'project.deleted', projectId: spaceId, userId: null, member: null, project: null }));
    answer.release({
      data: { getProjectBasic: { id: spaceId, name: 'Design', color: null, logo: null, isMember: true } },
    });
    await waitFor(() => expect(result.current.lookup).toBe('notFound'));
    expect(store.get(spacesAtom).size).toBe(0);
  });
});
