/** Test data of the tasks area: one line per task or section, as STYLE asks of factories. */
import type { BoardTask, ProjectState, TaskChange } from './operations';

export const testProject = '65a1f0c2b3d4e5f6a7b8c9d0';

export function boardTask(overrides: Partial<BoardTask> & Pick<BoardTask, 'id' | 'name'>): BoardTask {
  return {
    idCode: 'ENG-1',
    color: '#3B82F6',
    priority: 1,
    positionSection: 1024,
    state: 's1',
    deadline: null,
    project: testProject,
    parentTask: null,
    canEdit: true,
    canDelete: true,
    users: [],
    tags: [],
    sprint: null,
    cover: null,
    length: null,
    isFollowing: false,
    updatedAt: '2025-01-01T00:00:00.000Z',
    files: [],
    ...overrides,
  };
}

export function section(id: string, value: string, position: number, icon = 0): ProjectState {
  return { id, value, position, icon, project: testProject };
}

/** A live change of the board as subTask delivers it: nothing but what `fields` names. */
export function taskChange(fields: Partial<TaskChange> & Pick<TaskChange, 'type'>): TaskChange {
  return {
    seq: 1,
    project: testProject,
    taskId: null,
    task: null,
    stateId: null,
    tagId: null,
    moveTo: null,
    states: null,
    tags: null,
    positionField: null,
    positions: null,
    ...fields,
  };
}
